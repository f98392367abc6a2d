/**
 * Deterministic text for the benchmark's workspace: a seeded PRNG and a fixed vocabulary drawn with a
 * Zipf-like skew, so a few words are in many documents and most in few, as in a real tracker. Search
 * then has both broad and narrow words to look for.
 */

/** mulberry32: a small, fast, seeded PRNG; the same seed gives the same workspace every run. */
export class Random {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
  /** One of `choices`, each as likely as its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of choices) {
      r -= w;
      if (r < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }
}

const NOUNS = `account adapter alert allocation analytics annotation api archive artifact attachment audit
avatar backend backlog backoff backup badge balancer banner batch benchmark billing binary bitmap blob
bookmark boundary branch breadcrumb bucket buffer build bundle cache calendar callback canary capacity
cart certificate changelog channel charset checkbox checkout checksum chunk cipher claim client cluster
codec collector column command comment commit compiler component compression config connection console
constraint container context contract controller cookie coordinator counter crawler credential cron
cursor dashboard database dataset deadline deadlock debounce decoder dependency deployment descriptor
dialog diff digest directory dispatcher document domain download draft driver dropdown editor email
embed emitter encoder endpoint enum environment event exception exporter extension feed fetcher field
filter fixture flag folder font footer form formatter fragment frame gateway generator gesture graph
grid handler handshake hash header heap heartbeat histogram hook host hotfix icon identity image
importer index inode input installer instance integration interceptor invoice iterator job journal key
keyboard kernel label latency layout ledger library lifecycle limiter link linter listener loader
locale lock log login lookup manifest mapper margin marker memory menu merge message metadata metric
middleware migration mirror mixin modal module monitor mutex namespace navbar network node
notification object observer offset onboarding operator optimizer option order origin outage overlay
package padding pagination palette panel parser partition password patch payload permission pipeline
placeholder plugin policy poller pool popup port preference prefetch preview primitive printer probe
process profile profiler prompt protocol provider proxy publisher query queue quota ranking reader
receipt recorder redirect reducer refund region registry release renderer replica report repository
request resolver resource response retry revision role rollback rollout router row runtime sampler
sandbox scheduler schema scope screen script scrollbar sdk search secret segment selector semaphore
sensor serializer server session setting shard sidebar signature sitemap snapshot socket spinner
spreadsheet stack status storage stream style subscriber subscription suite summary switch symbol sync
table tab tag task template tenant terminal test theme thread threshold thumbnail ticket timeline
timeout timer timestamp toast toggle token toolbar tooltip trace tracker transaction transform
transport tree trigger tunnel upload url user validator variable vendor version viewport volume
wallet warning watcher webhook widget window worker workflow workspace wrapper`
  .split(/\s+/)
  .filter(Boolean);

const VERBS = `add allow audit avoid batch bump cache cap clean clear collapse compress convert debounce
deduplicate defer delete deprecate detect disable document drop enable encrypt ensure expand expire
expose extract fix flatten handle harden hide improve inline isolate limit load localize log lower
memoize merge migrate mock move normalize optimize paginate parse persist prefetch prevent profile
raise refactor refresh reject remove rename render reorder replace report rescue reset resize restore
retry return revert rewrite rotate sanitize scope show simplify skip sort split stream support
surface throttle track trim truncate unify update upgrade validate verify wrap`
  .split(/\s+/)
  .filter(Boolean);

const ADJECTIVES =
  `async broken cached concurrent corrupt crashing dangling default deprecated duplicate empty
encrypted expired failing flaky frozen hidden idle incomplete inconsistent invalid large leaking
legacy locked malformed missing misleading nested noisy null offline orphaned outdated partial
pending private public racy readonly recursive redundant remote slow stale stuck unbounded
unexpected unhandled unused verbose wrong`
    .split(/\s+/)
    .filter(Boolean);

const PLACES = `on mobile, in the editor, on the dashboard, during checkout, after login, in dark mode, for
large workspaces, under load, on Safari, on first run, after migration, in the API, in the CLI, in
staging, in production, behind the proxy, for new users, in the admin panel, on slow networks, in
search results, in the export, during sync, on retry, at midnight UTC, when offline`
  .split(",")
  .map((s) => s.replace(/\s+/g, " ").trim())
  .filter(Boolean);

export const LABELS = [
  "bug",
  "feature",
  "chore",
  "docs",
  "performance",
  "security",
  "ux",
  "api",
  "backend",
  "frontend",
  "infra",
  "testing",
  "tech-debt",
  "design",
  "onboarding",
  "billing",
  "search",
  "mobile",
  "data",
  "accessibility",
] as const;

/** Words search is tried with: the nouns, the words issues are mostly about. */
export const SEARCH_WORDS: readonly string[] = NOUNS;

/** A sampler over `words` where the word of rank r is drawn with weight 1/r^s (shuffled ranks). */
function zipf(words: readonly string[], s: number, rng: Random): () => string {
  const order = [...words];
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 1; r <= order.length; r++) {
    total += 1 / r ** s;
    cumulative.push(total);
  }
  return () => {
    const x = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return order[lo]!;
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Titles and Markdown bodies from the vocabulary, reproducible from one seed. */
export class Writer {
  readonly #rng: Random;
  readonly #noun: () => string;
  readonly #verb: () => string;
  readonly #adjective: () => string;

  constructor(rng: Random) {
    this.#rng = rng;
    this.#noun = zipf(NOUNS, 1.0, rng);
    this.#verb = zipf(VERBS, 0.8, rng);
    this.#adjective = zipf(ADJECTIVES, 0.8, rng);
  }

  /** An issue title such as "Fix stale cache in the webhook retry on mobile". */
  title(): string {
    const r = this.#rng;
    const a = this.#noun();
    const b = this.#noun();
    switch (r.int(5)) {
      case 0:
        return `${capitalise(this.#verb())} ${this.#adjective()} ${a} in the ${b} ${r.pick(PLACES)}`;
      case 1:
        return `${capitalise(a)} ${b} is ${this.#adjective()} ${r.pick(PLACES)}`;
      case 2:
        return `${capitalise(this.#verb())} the ${a} ${b}`;
      case 3:
        return `${capitalise(this.#verb())} ${a} when the ${b} is ${this.#adjective()}`;
      default:
        return `${capitalise(a)}: ${this.#verb()} ${this.#adjective()} ${b} ${r.pick(PLACES)}`;
    }
  }

  /** One sentence of 6 to 18 words with an occasional `code span`. */
  sentence(): string {
    const r = this.#rng;
    const words: string[] = [];
    const n = r.between(6, 18);
    for (let i = 0; i < n; i++) {
      const kind = r.int(10);
      let w =
        kind < 5 ? this.#noun() : kind < 7 ? this.#verb() : kind < 9 ? this.#adjective() : r.pick(FILLER);
      if (r.chance(0.04)) w = `\`${w}\``;
      words.push(w);
    }
    return `${capitalise(words.join(" "))}.`;
  }

  paragraph(min = 2, max = 5): string {
    const out: string[] = [];
    for (let i = this.#rng.between(min, max); i > 0; i--) out.push(this.sentence());
    return out.join(" ");
  }

  /** A Markdown issue description: context, maybe steps or a checklist, maybe a code block. */
  description(): string {
    const r = this.#rng;
    const parts = [this.paragraph(1, 4)];
    if (r.chance(0.4)) {
      parts.push("## Steps to reproduce");
      const steps: string[] = [];
      for (let i = 1; i <= r.between(2, 5); i++) steps.push(`${i}. ${this.sentence()}`);
      parts.push(steps.join("\n"));
    }
    if (r.chance(0.35)) {
      parts.push("## Acceptance criteria");
      const items: string[] = [];
      for (let i = r.between(2, 4); i > 0; i--) items.push(`- [ ] ${this.sentence()}`);
      parts.push(items.join("\n"));
    }
    if (r.chance(0.2)) {
      parts.push(
        `\`\`\`\n${this.#noun()}.${this.#verb()}(${this.#noun()}, { ${this.#noun()}: true })\n\`\`\``,
      );
    }
    if (r.chance(0.3)) parts.push(this.paragraph(1, 3));
    return parts.join("\n\n");
  }

  /** A note: a heading, paragraphs and a list. */
  note(): { title: string; body: string } {
    const r = this.#rng;
    const title = `${capitalise(this.#noun())} ${r.pick(["notes", "runbook", "design", "overview", "checklist", "retro", "plan"])}: ${this.#noun()} ${this.#noun()}`;
    const parts = [`# ${title}`, this.paragraph(2, 5)];
    for (let s = r.between(1, 3); s > 0; s--) {
      parts.push(`## ${capitalise(this.#noun())} ${this.#noun()}`);
      parts.push(this.paragraph(1, 4));
      if (r.chance(0.5)) {
        const items: string[] = [];
        for (let i = r.between(2, 5); i > 0; i--) items.push(`- ${this.sentence()}`);
        parts.push(items.join("\n"));
      }
    }
    return { title, body: parts.join("\n\n") };
  }

  /** A decision record's title and its three sections. */
  decision(): { title: string; context: string; decision: string; consequences: string } {
    return {
      title: `${capitalise(this.#verb())} ${this.#noun()} ${this.#rng.pick(["with", "through", "behind", "instead of", "before"])} ${this.#noun()} ${this.#noun()}`,
      context: this.paragraph(2, 5),
      decision: this.paragraph(1, 3),
      consequences: `- ${this.sentence()}\n- ${this.sentence()}\n- ${this.sentence()}`,
    };
  }
}

const FILLER = [
  "the",
  "a",
  "when",
  "after",
  "before",
  "with",
  "without",
  "for",
  "and",
  "or",
  "but",
  "because",
];
