import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import { isIP } from "node:net";

/**
 * The one guard for every request the service makes to an address a user chose (client ID metadata
 * documents, webhooks): it resolves the host, refuses any address that is not public (loopback,
 * private, link-local, unique-local, multicast, unspecified, CGNAT, documentation and other special
 * ranges) after normalising it (IPv4-mapped, -compatible and -translated IPv6, NAT64 and 6to4, and the
 * decimal, octal, hexadecimal and shortened IPv4 forms), and connects to exactly the address it checked
 * (a name is resolved once; the connection is pinned to that answer, so DNS rebinding between check and
 * connect is impossible). Redirects are never followed; time and size are limited.
 *
 * API (small on purpose):
 * - `checkAddress(text)`: the normal form of an IP address and why it is refused, if it is.
 * - `resolveTarget(url, options)`: the URL and the one public address to connect to, or OutboundError.
 * - `outboundRequest(url, options)`: one HTTP(S) request through the guard; status, headers and body.
 * - `OutboundError` with a `reason`.
 */

export type OutboundReason =
  | "invalid_url"
  | "forbidden_address"
  | "dns_failed"
  | "timeout"
  | "too_large"
  | "network";

export class OutboundError extends Error {
  readonly reason: OutboundReason;
  constructor(reason: OutboundReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "OutboundError";
    this.reason = reason;
  }
}

/** Resolves a host name to its addresses; the system resolver unless a test gives its own. */
export type Resolver = (hostname: string) => Promise<string[]>;

export interface GuardOptions {
  /**
   * Allow private, loopback and other non-public addresses (for a service on a private network, e.g.
   * webhooks with WEBHOOK_ALLOW_PRIVATE, and tests). Unspecified and multicast addresses stay refused.
   */
  allowPrivate?: boolean;
  /** For tests: how host names are resolved (default: the system resolver, every address). */
  resolve?: Resolver;
}

export interface OutboundRequestOptions extends GuardOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Deadline for the whole exchange, from resolving to the last byte (default 10 s). */
  timeoutMs?: number;
  /** Largest response body read (default 1 MiB); more is an OutboundError too_large. */
  maxBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** the address connected to */
  address: string;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------
// Addresses

/** 4 or 16 bytes of an address written in any form the URL parser accepts, or undefined. */
function addressBytes(text: string): { normal: string; bytes: number[] } | undefined {
  let t = text.trim();
  if (t.startsWith("[") && t.endsWith("]")) t = t.slice(1, -1);
  if (t.length === 0 || t.length > 100 || /[/?#@\s%]/.test(t)) return undefined;
  let host: string;
  try {
    // The WHATWG host parser: decimal (2130706433), octal (0177.0.0.1), hex (0x7f.1) and shortened
    // (127.1) IPv4 become dotted quads; IPv6 (with a dotted tail or not) becomes its compressed form.
    host = new URL(`http://${t.includes(":") ? `[${t}]` : t}/`).hostname;
  } catch {
    return undefined;
  }
  if (isIP(host) === 4) return { normal: host, bytes: host.split(".").map(Number) };
  if (!host.startsWith("[")) return undefined;
  const v6 = host.slice(1, -1);
  const [head = "", tail] = v6.split("::") as [string, string | undefined];
  const groups = (s: string) => (s === "" ? [] : s.split(":").map((g) => Number.parseInt(g, 16)));
  const h = groups(head);
  const tl = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? h : [...h, ...new Array(8 - h.length - tl.length).fill(0), ...tl];
  if (all.length !== 8 || all.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return undefined;
  return { normal: v6, bytes: all.flatMap((g) => [g >> 8, g & 0xff]) };
}

const inV4 = (b: number[], base: [number, number, number, number], bits: number) => {
  for (let i = 0; i < 4; i++) {
    const take = Math.max(0, Math.min(8, bits - i * 8));
    if (take === 0) return true;
    const mask = (0xff << (8 - take)) & 0xff;
    if ((b[i]! & mask) !== (base[i]! & mask)) return false;
  }
  return true;
};

/** IPv4 ranges that are not public (IANA's special-purpose registry), with their names. */
const V4_SPECIAL: [[number, number, number, number], number, string][] = [
  [[0, 0, 0, 0], 8, "this network"],
  [[10, 0, 0, 0], 8, "private"],
  [[100, 64, 0, 0], 10, "shared address space (CGNAT)"],
  [[127, 0, 0, 0], 8, "loopback"],
  [[169, 254, 0, 0], 16, "link-local"],
  [[172, 16, 0, 0], 12, "private"],
  [[192, 0, 0, 0], 24, "IETF protocol assignments"],
  [[192, 0, 2, 0], 24, "documentation"],
  [[192, 88, 99, 0], 24, "6to4 relay"],
  [[192, 168, 0, 0], 16, "private"],
  [[198, 18, 0, 0], 15, "benchmarking"],
  [[198, 51, 100, 0], 24, "documentation"],
  [[203, 0, 113, 0], 24, "documentation"],
  [[224, 0, 0, 0], 4, "multicast"],
  [[240, 0, 0, 0], 4, "reserved"],
];

function v4Problem(b: number[]): string | null {
  for (const [base, bits, name] of V4_SPECIAL) if (inV4(b, base, bits)) return name;
  return null;
}

const zero = (b: number[], from: number, to: number) => b.slice(from, to).every((x) => x === 0);

function v6Problem(b: number[]): { problem: string | null; embedded?: number[] } {
  const word = (i: number) => (b[i]! << 8) | b[i + 1]!;
  if (zero(b, 0, 16)) return { problem: "unspecified" };
  if (zero(b, 0, 15) && b[15] === 1) return { problem: "loopback" };
  // IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d
  if (zero(b, 0, 10) && word(10) === 0xffff) return { problem: null, embedded: b.slice(12) };
  if (zero(b, 0, 12)) return { problem: null, embedded: b.slice(12) };
  if (zero(b, 0, 8) && word(8) === 0xffff && word(10) === 0) return { problem: null, embedded: b.slice(12) };
  // NAT64: the well-known prefix 64:ff9b::/96 carries an IPv4 address; the local-use 64:ff9b:1::/48 is private
  if (word(0) === 0x64 && word(2) === 0xff9b && zero(b, 4, 12))
    return { problem: null, embedded: b.slice(12) };
  if (word(0) === 0x64 && word(2) === 0xff9b && word(4) === 1) return { problem: "NAT64 local use" };
  // 6to4 2002::/16 carries an IPv4 address in its next 32 bits
  if (word(0) === 0x2002) return { problem: null, embedded: b.slice(2, 6) };
  if (b[0] === 0xff) return { problem: "multicast" };
  if ((b[0]! & 0xfe) === 0xfc) return { problem: "unique-local" };
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return { problem: "link-local" };
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return { problem: "site-local" };
  if (word(0) === 0x2001 && word(2) === 0x0db8) return { problem: "documentation" };
  if (word(0) === 0x3fff && (b[2]! & 0xf0) === 0) return { problem: "documentation" };
  if (word(0) === 0x0100 && zero(b, 2, 8)) return { problem: "discard-only" };
  // 2001::/23 is IANA's block of special assignments (Teredo, benchmarking, ORCHID, …)
  if (word(0) === 0x2001 && b[2]! < 2) return { problem: "IETF protocol assignments" };
  // Everything else outside global unicast 2000::/3 is unassigned or reserved.
  if ((b[0]! & 0xe0) !== 0x20) return { problem: "reserved" };
  return { problem: null };
}

export interface CheckedAddress {
  /** the address in normal form: a dotted quad, or compressed IPv6 without brackets */
  address: string;
  family: 4 | 6;
  /** why it is not a public address (e.g. "loopback", "private"), or null when it is public */
  problem: string | null;
}

/**
 * Reads an IP address in any written form and says whether it is public. An IPv6 address that carries
 * an IPv4 one (mapped, compatible, translated, NAT64, 6to4) is judged by the IPv4 address. Undefined
 * when the text is not an IP address.
 */
export function checkAddress(text: string): CheckedAddress | undefined {
  const parsed = addressBytes(text);
  if (!parsed) return undefined;
  if (parsed.bytes.length === 4) {
    return { address: parsed.normal, family: 4, problem: v4Problem(parsed.bytes) };
  }
  const { problem, embedded } = v6Problem(parsed.bytes);
  const inner = embedded ? v4Problem(embedded) : null;
  return {
    address: parsed.normal,
    family: 6,
    problem: problem ?? (inner ? `${inner} (IPv4 ${embedded!.join(".")} inside IPv6)` : null),
  };
}

/** True when an address is not public (and true for text that is not an address at all). */
export function isForbiddenAddress(text: string): boolean {
  const checked = checkAddress(text);
  return !checked || checked.problem !== null;
}

/** Problems even allowPrivate does not excuse: no request goes to "any address" or to a group. */
function alwaysRefused(problem: string): boolean {
  return /^(unspecified|this network|multicast|reserved)/.test(problem);
}

// ---------------------------------------------------------------------------------------------------
// Resolution

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) reject(error);
      else resolve(addresses.map((a) => a.address));
    });
  });

export interface ResolvedTarget {
  url: URL;
  /** the one address the request will connect to */
  address: string;
  family: 4 | 6;
}

/**
 * Parses an http(s) URL, resolves its host (a literal address too is read in normal form) and checks
 * every address the name has: one address that is not public refuses the whole name, so a name that
 * answers a public and a private address in turn cannot slip through. Answers the first address.
 */
export async function resolveTarget(url: string | URL, options: GuardOptions = {}): Promise<ResolvedTarget> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundError("invalid_url", "The URL is not valid.");
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new OutboundError("invalid_url", "The URL must use http or https.");
  }
  if (parsed.username || parsed.password) {
    throw new OutboundError("invalid_url", "The URL must not carry credentials.");
  }
  const host = parsed.hostname;
  const literal = checkAddress(host);
  let candidates: string[];
  if (literal) {
    candidates = [literal.address];
  } else if (host.startsWith("[") || /^[\d.]+$/.test(host) || host === "") {
    throw new OutboundError("invalid_url", "The URL's host is not a valid address.");
  } else {
    try {
      candidates = await (options.resolve ?? systemResolver)(host);
    } catch (error) {
      throw new OutboundError("dns_failed", `The host ${host} could not be resolved.`, { cause: error });
    }
    if (candidates.length === 0) throw new OutboundError("dns_failed", `The host ${host} has no address.`);
  }
  let first: CheckedAddress | undefined;
  for (const candidate of candidates) {
    const checked = checkAddress(candidate);
    if (!checked) throw new OutboundError("dns_failed", `The host ${host} answered an unreadable address.`);
    if (checked.problem && (!options.allowPrivate || alwaysRefused(checked.problem))) {
      throw new OutboundError(
        "forbidden_address",
        `The URL points at an address that is not public (${checked.problem}).`,
      );
    }
    first ??= checked;
  }
  return { url: parsed, address: first!.address, family: first!.family };
}

// ---------------------------------------------------------------------------------------------------
// Requests

/**
 * One HTTP(S) request through the guard: resolves and checks the host, connects only to the checked
 * address (TLS still verifies the certificate for the host name), follows no redirect (a 3xx is
 * answered as it is), and stops at `timeoutMs` for the whole exchange and at `maxBytes` of body.
 */
export async function outboundRequest(
  url: string | URL,
  options: OutboundRequestOptions = {},
): Promise<OutboundResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const stop = new AbortController();
  const late = () => new OutboundError("timeout", `No complete answer within ${timeoutMs} ms.`);
  const timer = setTimeout(() => stop.abort(late()), timeoutMs);
  const aborted = new Promise<never>((_, reject) => {
    stop.signal.addEventListener("abort", () => reject(stop.signal.reason), { once: true });
  });
  aborted.catch(() => {});
  try {
    const target = await Promise.race([resolveTarget(url, options), aborted]);
    return await send(target, options, maxBytes, stop.signal);
  } finally {
    clearTimeout(timer);
  }
}

function send(
  target: ResolvedTarget,
  options: OutboundRequestOptions,
  maxBytes: number,
  signal: AbortSignal,
): Promise<OutboundResponse> {
  // Every look-up of this request answers the checked address and nothing else.
  const pinned = ((
    _hostname: string,
    lookupOptions: { all?: boolean },
    callback: (...args: unknown[]) => void,
  ) => {
    if (lookupOptions?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as typeof dnsLookup;
  const request = target.url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.destroy();
      reject(
        error instanceof OutboundError
          ? error
          : new OutboundError("network", "The request could not be completed.", { cause: error }),
      );
    };
    const req = request(
      target.url,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        lookup: pinned,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            fail(new OutboundError("too_large", `The answer is larger than ${maxBytes} bytes.`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => {
          if (settled) return;
          settled = true;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            address: target.address,
          });
        });
        res.on("error", fail);
        res.on("aborted", () => fail(new OutboundError("network", "The answer was cut off.")));
      },
    );
    const onAbort = () => fail(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("close", () => signal.removeEventListener("abort", onAbort));
    req.on("error", fail);
    req.end(options.body);
  });
}
