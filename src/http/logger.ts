import pino, { type DestinationStream, type Logger } from "pino";
import type { LogLevel } from "../config.ts";
import { telemetryHooks } from "../ops/hooks.ts";

/**
 * Query parameters whose values are secrets: tokens, codes, assertions, keys, and the signatures of
 * signed URLs (`signature` on this service's own file URLs, `X-Amz-Signature` on S3's), which grant
 * access to a file for as long as they last.
 */
const SECRET_PARAM = /token|code|assertion|secret|password|key|credential|signature|^sig$/i;

/** A URL fit for a log line: every query value whose name smells of a secret is replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept: string[] = [];
  for (const [name, value] of params) {
    // A return path carried in the query (`return_to=/claim?claim_attempt_token=…`) is redacted in turn.
    const shown = SECRET_PARAM.test(name) ? "[redacted]" : value.startsWith("/") ? redactUrl(value) : value;
    kept.push(`${encodeURIComponent(name)}=${shown === "[redacted]" ? shown : encodeURIComponent(shown)}`);
  }
  return `${url.slice(0, q)}?${kept.join("&")}`;
}

/**
 * Structured JSON logs. Requests are logged by method, redacted URL, address and request id; headers and
 * bodies never, and any field named like a secret is censored wherever it appears.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "docket" },
      timestamp: pino.stdTimeFunctions.isoTime,
      // a line written inside a traced request or job carries its trace (when tracing is on)
      // a new object each time: pino merges the line's fields into what the mixin returns, so a shared
      // one would carry every line's fields (a sign-in code, say) into all the lines after it
      mixin: () => {
        const traceId = telemetryHooks.traceId?.();
        return traceId ? { trace_id: traceId } : {};
      },
      redact: {
        paths: [
          "authorization",
          "*.authorization",
          "headers.authorization",
          "*.headers.authorization",
          "*.headers.cookie",
          "token",
          "*.token",
          "password",
          "*.password",
          "assertion",
          "*.assertion",
        ],
        censor: "[redacted]",
      },
      serializers: {
        req: (req: { method?: string; url?: string; ip?: string; id?: string }) => ({
          method: req.method,
          url: redactUrl(req.url ?? ""),
          remoteAddress: req.ip,
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
