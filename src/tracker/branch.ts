/**
 * A git branch name for an issue, as Linear makes them: `eng-42-fix-login-redirect` — lower case ASCII,
 * at most 60 characters, cut at a word's end and never inside the identifier. The web app uses this
 * same function (web/src/lib/branch.ts) for rows that carry no branch name; the linker finds the
 * identifier at its start.
 */
const MAX = 60;

export function branchName(identifier: string, title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const id = identifier.toLowerCase();
  let name = slug ? `${id}-${slug}` : id;
  if (name.length > MAX) {
    const cut = name.slice(0, MAX + 1);
    const end = cut.lastIndexOf("-");
    name = end > id.length ? cut.slice(0, end) : name.slice(0, MAX).replace(/-+$/, "");
  }
  return name;
}
