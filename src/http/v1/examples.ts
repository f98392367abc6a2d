// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
type Json = Record<string, any>;

/**
 * Example values for fields that carry none of their own, by field name. Each one is what Docket would
 * really answer; the tests check every example in the document against its schema.
 */
const BY_NAME: Record<string, unknown> = {
  id: "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
  identifier: "ENG-42",
  space: "ENG",
  prefix: "ENG",
  slug: "acme",
  title: "Import issues from the old tracker",
  name: "Acme",
  email: "ada@example.com",
  person_id: "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
  via: "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
  dependency_id: "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
  upload_id: "upl_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
  issue: "ENG-42",
  description: "Move the 1,200 open issues over, keeping their history.",
  body: "# Importer\n\nWe read the old tracker's CSV export.",
  context: "The old tracker is shut down in June.",
  decision: "Import once, then freeze the old tracker.",
  consequences: "Links to old issues redirect to the new ones.",
  note: "The importer needs the schema first.",
  content_type: "application/pdf",
  sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  snippet: "the <mark>importer</mark> reads the CSV export",
  etag: '"3-Xy2Qw9aBcD4eFgH1"',
  next_cursor: null,
  label: "backend",
  labels: ["backend", "migration"],
  color: "#eb5757",
  cursor: "eyJrIjoiMjAyNi0wMy0wMSJ9",
};

const FORMAT: Record<string, unknown> = {
  "date-time": "2026-03-01T09:00:00.000Z",
  date: "2026-03-20",
  uri: "https://docket.example.com/files/download/file_01JQ3Z8X4K7M2N5P6R8S9T0V1W?expires=1772355600&signature=Xy2Qw9aBcD4eFgH1",
  email: "ada@example.com",
};

function matches(pattern: string | undefined, value: unknown): boolean {
  if (pattern === undefined || typeof value !== "string") return true;
  try {
    return new RegExp(pattern, "u").test(value);
  } catch {
    return new RegExp(pattern).test(value);
  }
}

/**
 * An example value for a JSON Schema of the document: the schema's own `examples`, `default`, `const`
 * or first enum value where it has one, else a value made from its type, format and field name. `$ref`s
 * are followed into `components`; a recursive schema stops at an empty array or null.
 */
export function exampleOf(schema: Json, components: Record<string, Json>, name = "", depth = 0): unknown {
  if (!schema || typeof schema !== "object" || depth > 12) return null;
  if (typeof schema.$ref === "string") {
    const component = schema.$ref.replace("#/components/schemas/", "");
    const target = components[component];
    if (!target) return null;
    const value = exampleOf({ ...target, ...withoutRef(schema) }, components, name, depth + 1);
    return withIdOf(component, value, target);
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  const variants: Json[] | undefined = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const concrete = variants.find((v) => v.type !== "null") ?? variants[0]!;
    return exampleOf(concrete, components, name, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    const merged: Json = {};
    for (const part of schema.allOf) Object.assign(merged, exampleOf(part, components, name, depth + 1));
    return merged;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out: Json = {};
      const props: Record<string, Json> = schema.properties ?? {};
      for (const [key, sub] of Object.entries(props)) out[key] = exampleOf(sub, components, key, depth + 1);
      const extra = schema.additionalProperties;
      if (Object.keys(props).length === 0 && extra && typeof extra === "object") {
        const key = name === "headers" ? "content-type" : "key";
        out[key] = key === "content-type" ? "application/pdf" : exampleOf(extra, components, "", depth + 1);
      }
      return out;
    }
    case "array": {
      if (depth > 8) return [];
      const item = exampleOf(schema.items ?? {}, components, singular(name), depth + 1);
      const min = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: Math.min(min, schema.maxItems ?? min) }, () => item);
    }
    case "integer":
    case "number": {
      const byName: Record<string, number> = { number: 42, estimate: 3, limit: 50, size: 482133, version: 3 };
      let n = byName[name] ?? (type === "integer" ? 2 : 37.5);
      if (typeof schema.minimum === "number" && n < schema.minimum) n = schema.minimum;
      if (typeof schema.maximum === "number" && n > schema.maximum) n = schema.maximum;
      return n;
    }
    case "boolean":
      return name === "created" || name === "ready";
    case "null":
      return null;
    case "string": {
      const candidates = [
        typeof schema.format === "string" ? FORMAT[schema.format] : undefined,
        BY_NAME[name],
        name.endsWith("_at") ? FORMAT["date-time"] : undefined,
        // an id field of a kind the pattern names (`^cyc_[0-9A-Z]{26}$`), an issue identifier, a day
        ...idsIn(schema.pattern),
        "ENG-42",
        FORMAT.date,
      ];
      for (const c of candidates) {
        if (typeof c === "string" && matches(schema.pattern, c) && fitsLength(schema, c)) return c;
      }
      const text = "text";
      return fitsLength(schema, text) ? text : "x".repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return {};
  }
}

/** The id prefix of each kind of object, for examples of its `id`. */
const ID_PREFIX: [RegExp, string][] = [
  [/^Issue/, "iss"],
  [/^Decision/, "dec"],
  [/^Note/, "note"],
  [/^Folder/, "fld"],
  [/^Cycle/, "cyc"],
  [/^MilestoneDependency/, "mdep"],
  [/^Milestone/, "ms"],
  [/^Label/, "lab"],
  [/^Dependency/, "dep"],
  [/^File/, "file"],
  [/^Bundle/, "bnd"],
  [/^Workspace/, "ws"],
];

function withIdOf(component: string, value: unknown, schema: Json): unknown {
  const prefix = ID_PREFIX.find(([re]) => re.test(component))?.[1];
  if (!prefix || !value || typeof value !== "object" || Array.isArray(value)) return value;
  const v = value as Json;
  if (typeof v.id !== "string" || schema.properties?.id?.pattern) return value;
  return { ...v, id: `${prefix}_01JQ3Z8X4K7M2N5P6R8S9T0V1W` };
}

function idsIn(pattern: unknown): string[] {
  if (typeof pattern !== "string") return [];
  return [...pattern.matchAll(/([a-z]+)_\[0-9A-Z\]\{26\}/g)].map((m) => `${m[1]}_01JQ3Z8X4K7M2N5P6R8S9T0V1W`);
}

function withoutRef(schema: Json): Json {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

function fitsLength(schema: Json, s: string): boolean {
  return s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
}

function singular(name: string): string {
  return name.endsWith("s") ? name.slice(0, -1) : name;
}
