/**
 * One error type for the whole domain. `code` is the machine-readable `error` of the JSON error shape,
 * `description` its `error_description`; surfaces map `status` to HTTP, to exit codes or to tool errors.
 */
export class DocketError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** more members of the error body, e.g. the `claim` that holds an issue */
  readonly body: Record<string, unknown> | undefined;

  constructor(
    status: number,
    code: string,
    description: string,
    extra: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      body?: Record<string, unknown>;
    } = {},
  ) {
    super(description);
    this.name = "DocketError";
    this.status = status;
    this.code = code;
    this.fields = extra.fields;
    this.headers = extra.headers;
    this.body = extra.body;
  }

  get description(): string {
    return this.message;
  }
}

export const invalid = (description: string, fields?: Record<string, string>) =>
  new DocketError(400, "invalid_request", description, fields ? { fields } : {});

export const notFound = (description: string) => new DocketError(404, "not_found", description);

export const conflict = (description: string) => new DocketError(409, "conflict", description);

export const insufficientScope = (scope: string) =>
  new DocketError(403, "insufficient_scope", `This token lacks the ${scope} scope needed for this request.`, {
    headers: {
      "www-authenticate": `Bearer realm="docket", error="insufficient_scope", scope="${scope}"`,
    },
  });

export const unavailable = (description: string, retryAfterSeconds = 5) =>
  new DocketError(503, "temporarily_unavailable", description, {
    headers: { "retry-after": String(retryAfterSeconds) },
  });

export const rateLimited = (retryAfterSeconds: number, description?: string) =>
  new DocketError(
    429,
    "rate_limited",
    description ?? `Too many requests; retry after ${retryAfterSeconds} seconds.`,
    { headers: { "retry-after": String(retryAfterSeconds) } },
  );

export const preconditionFailed = (description: string) =>
  new DocketError(412, "precondition_failed", description);
