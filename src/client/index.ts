/**
 * The typed client of the REST API: openapi-fetch over the types openapi-typescript makes from
 * `GET /v1/openapi.json` (`schema.ts`, generated: `npm run client:generate`). The CLI uses it, and so
 * can any other TypeScript client (a web app): a change to the API that breaks a client breaks the build.
 */
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { components, operations, paths } from "./schema.ts";

export type { components, operations, paths };

/** The document's schemas by name: `Schemas["Issue"]`, `Schemas["CycleStats"]`… */
export type Schemas = components["schemas"];

/** The query parameters an operation takes, e.g. `QueryOf<"listIssues">`. */
export type QueryOf<O extends keyof operations> = NonNullable<operations[O]["parameters"]["query"]>;

/** The JSON body an operation takes, e.g. `BodyOf<"createIssue">`. */
export type BodyOf<O extends keyof operations> = operations[O] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;

export type DocketClient = Client<paths>;

/**
 * A client of the service at `baseUrl` (its root, e.g. `https://docket.example.com`): paths are those of
 * the document (`/issues/{id}`), under `/v1`. Authentication, retries and the like belong to `fetch`.
 */
export function createDocketClient(
  baseUrl: string,
  options: Omit<ClientOptions, "baseUrl"> = {},
): DocketClient {
  return createClient<paths>({ ...options, baseUrl: `${baseUrl.replace(/\/+$/, "")}/v1` });
}

/** The body of a successful answer; `fetch` has already thrown the service's error for any other. */
export async function ok<T>(answer: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await answer;
  if (data === undefined || error !== undefined) {
    throw new Error(`${response.url} answered ${response.status} without the body the API documents`);
  }
  return data;
}

/**
 * The JSON answer of an operation that can also answer in another type (a bundle in Markdown): the
 * client asks for JSON unless told otherwise, so text here means the service did not do as asked.
 */
export function asJson<T>(value: T | string): T {
  if (typeof value === "string") throw new Error("the service answered text where JSON was asked for");
  return value;
}
