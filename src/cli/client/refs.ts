import type { Values } from "../command.ts";
import { editDistance } from "../command.ts";
import { UsageError } from "../output.ts";
import { ok } from "./api.ts";
import type { RunContext } from "./context.ts";

/**
 * Cycles, milestones and folders by name as well as by id: `--cycle "Sprint 3"`, `--milestone Beta`,
 * `--folder Runbooks`, `docket cycles show "Sprint 3"`. A value that is an id (`cyc_…`, `ms_…`,
 * `fld_…`) or `none` goes to the service as it is; any other is looked up in the list endpoint,
 * ignoring case, and must name exactly one: an unknown or ambiguous name is a usage error (exit 2)
 * that lists the candidates with their ids.
 */
export type RefKind = "cycle" | "milestone" | "folder";

const ID_PREFIX: Record<RefKind, string> = { cycle: "cyc_", milestone: "ms_", folder: "fld_" };
const LIST_COMMAND: Record<RefKind, string> = {
  cycle: "docket cycles list",
  milestone: "docket milestones list",
  folder: "docket folders list",
};
/** The most candidates an error lists (the nearest names first). */
const SHOWN = 10;

interface Candidate {
  id: string;
  name: string;
  /** how the error names it besides its name and id: a cycle's space and dates, a folder's path */
  detail?: string;
  /** a cycle's space prefix, to choose among cycles of the same name in different spaces */
  space?: string;
}

/** One command reads each list once, however many names it resolves. */
const read = new WeakMap<RunContext, Map<RefKind, Promise<Candidate[]>>>();

function candidates(ctx: RunContext, kind: RefKind): Promise<Candidate[]> {
  const lists = read.get(ctx) ?? new Map<RefKind, Promise<Candidate[]>>();
  read.set(ctx, lists);
  const list = lists.get(kind) ?? fetchCandidates(ctx, kind);
  lists.set(kind, list);
  return list;
}

async function fetchCandidates(ctx: RunContext, kind: RefKind): Promise<Candidate[]> {
  const api = ctx.api();
  const every = { all: true, limit: 100 };
  if (kind === "cycle") {
    const page = await api.list(every, (at) => ok(api.v1.GET("/cycles", { params: { query: at } })));
    return page.data.map((c) => ({
      id: c.id,
      name: c.name,
      space: c.space,
      detail: `${c.space}, ${c.starts_on} to ${c.ends_on}`,
    }));
  }
  if (kind === "milestone") {
    const page = await api.list(every, (at) => ok(api.v1.GET("/milestones", { params: { query: at } })));
    return page.data.map((m) => ({
      id: m.id,
      name: m.name,
      ...(m.target_date ? { detail: `target ${m.target_date}` } : {}),
    }));
  }
  const page = await api.list(every, (at) => ok(api.v1.GET("/folders", { params: { query: at } })));
  const byId = new Map(page.data.map((f) => [f.id, f]));
  const pathOf = (id: string | null, seen = new Set<string>()): string[] => {
    const f = id ? byId.get(id) : undefined;
    if (!f || seen.has(f.id)) return [];
    seen.add(f.id);
    return [...pathOf(f.parent_id, seen), f.name];
  };
  return page.data.map((f) => ({
    id: f.id,
    name: f.name,
    ...(f.parent_id ? { detail: `in ${pathOf(f.parent_id).join(" / ")}` } : {}),
  }));
}

const describe = (c: Candidate) => `"${c.name}" (${c.id}${c.detail ? `, ${c.detail}` : ""})`;

/**
 * The id `raw` names: itself when it is an id or `none`, else the one `kind` of that name (ignoring
 * case and surrounding spaces). `label` names the flag or argument in errors; `space` (a space's prefix,
 * or an issue identifier's) chooses among cycles of the same name in different spaces.
 */
export async function resolveRef(
  ctx: RunContext,
  kind: RefKind,
  raw: string,
  label: string,
  space?: string,
): Promise<string> {
  const given = raw.trim();
  if (given === "" || given.startsWith(ID_PREFIX[kind]) || given.toLowerCase() === "none") return raw;
  const all = await candidates(ctx, kind);
  const wanted = given.toLowerCase();
  let matches = all.filter((c) => c.name.trim().toLowerCase() === wanted);
  if (matches.length > 1 && space) {
    const prefix = space.split("-")[0]!.toUpperCase();
    const inSpace = matches.filter((c) => c.space === prefix);
    if (inSpace.length > 0) matches = inSpace;
  }
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length > 1)
    throw new UsageError(
      `${label}: ${matches.length} ${kind}s are named "${given}": ${matches.slice(0, SHOWN).map(describe).join(", ")}; give the id`,
    );
  if (all.length === 0)
    throw new UsageError(`${label}: no ${kind} is named "${given}", and there are no ${kind}s yet`);
  const nearest = [...all]
    .map((c) => ({ c, d: editDistance(wanted, c.name.toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.c.name.localeCompare(b.c.name))
    .map(({ c }) => c);
  const more = all.length > SHOWN ? `, and ${all.length - SHOWN} more (${LIST_COMMAND[kind]})` : "";
  throw new UsageError(
    `${label}: no ${kind} is named "${given}"; the ${kind}s are: ${nearest.slice(0, SHOWN).map(describe).join(", ")}${more}`,
  );
}

/**
 * `v` with the named flags' values resolved to ids (see resolveRef): `{ cycle: "cycle", parent:
 * "folder" }`. Flags not given stay as they are; a flag given more than once is left to the parser.
 */
export async function resolveRefs(
  ctx: RunContext,
  v: Values,
  flags: Record<string, RefKind>,
  space?: string,
): Promise<Values> {
  const out: Values = { ...v };
  for (const [flag, kind] of Object.entries(flags)) {
    const raw = v[flag];
    if (typeof raw === "string") out[flag] = await resolveRef(ctx, kind, raw, `--${flag}`, space);
  }
  return out;
}
