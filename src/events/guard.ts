import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * The outbound-request guard of webhooks, in one file so that a shared guard module can replace it:
 * `assertPublicUrl` checks a URL before it is saved, `guardedPost` sends with the same check made on the
 * addresses DNS gives at connect time (so a name that resolves to loopback, or changes to it after the
 * first check, is refused), and never follows a redirect.
 */

/** Why a URL or an address is refused. */
export class RefusedUrl extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedUrl";
  }
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata at 169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** Why `address` may not be reached, or undefined when it is a public address. */
export function addressProblem(address: string): string | undefined {
  let a = address.replace(/^\[|\]$/g, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) a = mapped[1]!;
  const family = isIP(a);
  if (family === 0) return `${address} is not an IP address`;
  if (blocked.check(a, family === 4 ? "ipv4" : "ipv6")) {
    return `${address} is a private, loopback, link-local or reserved address`;
  }
  return undefined;
}

export interface GuardOptions {
  /** WEBHOOK_ALLOW_PRIVATE: any address and plain http */
  allowPrivate: boolean;
}

function lookupAll(host: string): Promise<{ address: string; family: number }[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });
}

/**
 * Refuses (with a RefusedUrl saying why) a URL a webhook may not call: not http(s), plain http or
 * credentials in it, a host that is or resolves to a non-public address. With `allowPrivate`, only the
 * scheme is checked.
 */
export async function assertPublicUrl(raw: string, options: GuardOptions): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedUrl("is not a URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new RefusedUrl("must be an https URL");
  if (url.username || url.password) throw new RefusedUrl("must not carry a user name or password");
  if (options.allowPrivate) return url;
  if (url.protocol !== "https:") throw new RefusedUrl("must be an https URL (plain http is refused)");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    const problem = addressProblem(host);
    if (problem) throw new RefusedUrl(`is refused: ${problem}`);
    return url;
  }
  if (host === "localhost" || host.endsWith(".localhost")) {
    throw new RefusedUrl("is refused: localhost is a loopback name");
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookupAll(host);
  } catch {
    throw new RefusedUrl(`is refused: ${host} does not resolve`);
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    if (problem) throw new RefusedUrl(`is refused: ${host} resolves to ${problem}`);
  }
  return url;
}

/** A DNS lookup for the socket that refuses non-public answers: the check made where the connection is. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as unknown as { address: string; family: number }[];
    for (const { address } of list) {
      const problem = addressProblem(address);
      if (problem) return callback(new RefusedUrl(`is refused: ${hostname} resolves to ${problem}`), "", 0);
    }
    // biome-ignore lint/suspicious/noExplicitAny: Node passes `all` through to the callback's shape
    if ((options as any).all) return (callback as any)(null, list);
    const first = list[0];
    if (!first) return callback(new Error(`${hostname} has no address`), "", 0);
    callback(null, first.address, first.family);
  });
};

export interface PostResult {
  status: number;
  /** the first KB of the answer */
  body: string;
  durationMs: number;
}

/**
 * POSTs `body` to `raw` with the guard's checks, at most `timeoutMs` for the whole exchange, no redirect
 * followed (a 3xx is an answer like any other). Rejects with RefusedUrl, or the network error.
 */
export async function guardedPost(
  raw: string,
  headers: Record<string, string>,
  body: string,
  options: GuardOptions & { timeoutMs: number },
): Promise<PostResult> {
  const url = await assertPublicUrl(raw, options);
  const started = performance.now();
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PostResult>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
        agent: false,
        timeout: options.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          if (size < 1024) chunks.push(c);
          size += c.length;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, 1024).toString("utf8"),
            durationMs: Math.round(performance.now() - started),
          }),
        );
        res.on("error", reject);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    req.on("close", () => clearTimeout(timer));
    req.on("timeout", () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}
