import { z } from "zod";
import { invalid } from "./errors.ts";

/**
 * Parses input with a zod schema; on failure throws 400 invalid_request whose description names each
 * bad field and why, with the same in `fields`.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "(body)";
    if (!(key in fields)) fields[key] = issue.message;
  }
  const summary = Object.entries(fields)
    .map(([k, m]) => `${k}: ${m}`)
    .join("; ");
  throw invalid(`Invalid input: ${summary}`, fields);
}

export const email = z
  .string({ error: "must be a string" })
  .trim()
  .toLowerCase()
  .max(254, { error: "must be at most 254 characters" })
  .pipe(z.email({ error: "must be an email address" }));

export const slug = z
  .string({ error: "must be a string" })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, {
    error: "must be 1 to 48 lowercase letters, digits or hyphens, not starting or ending with a hyphen",
  });

export const prefix = z
  .string({ error: "must be a string" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9]{1,9}$/, { error: "must be 2 to 10 letters or digits, starting with a letter" });

export const displayName = (max: number) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(max, { error: `must be at most ${max} characters` })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: "must not contain control characters" });

/** Derives a slug from a name: "Acme Robotics!" -> "acme-robotics". */
export function slugify(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48)
      .replace(/-+$/, "") || "workspace"
  );
}
