import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, type TestContext, test } from "node:test";
import {
  checkAddress,
  isForbiddenAddress,
  OutboundError,
  outboundRequest,
  resolveTarget,
} from "../../src/net/outbound.ts";

/** A local HTTP server that counts TCP connections and requests. */
async function local(
  t: TestContext,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ port: number; connections: () => number; requests: IncomingMessage[] }> {
  let connections = 0;
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port: (server.address() as AddressInfo).port, connections: () => connections, requests };
}

function refused(reason: OutboundError["reason"], pattern?: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof OutboundError, `expected an OutboundError, got ${String(error)}`);
    assert.equal(error.reason, reason, error.message);
    if (pattern) assert.match(error.message, pattern);
    return true;
  };
}

describe("addresses, in every written form", () => {
  const forbidden: [string, RegExp][] = [
    ["127.0.0.1", /loopback/],
    ["2130706433", /loopback/],
    ["0177.0.0.1", /loopback/],
    ["0x7f.1", /loopback/],
    ["127.1", /loopback/],
    ["::1", /loopback/],
    ["::ffff:7f00:1", /loopback .*127\.0\.0\.1/],
    ["[::ffff:7f00:1]", /loopback/],
    ["::ffff:127.0.0.1", /loopback/],
    ["::ffff:a9fe:a9fe", /link-local .*169\.254\.169\.254/],
    ["::127.0.0.1", /loopback/],
    ["::ffff:0:7f00:1", /loopback/],
    ["64:ff9b::7f00:1", /loopback/],
    ["64:ff9b::a9fe:a9fe", /link-local/],
    ["64:ff9b:1::a00:1", /NAT64 local use/],
    ["2002:7f00:1::", /loopback/],
    ["2002:a9fe:a9fe::1", /link-local/],
    ["10.0.0.5", /private/],
    ["172.16.0.1", /private/],
    ["192.168.1.1", /private/],
    ["169.254.169.254", /link-local/],
    ["100.64.0.1", /CGNAT/],
    ["0.0.0.0", /this network/],
    ["0", /this network/],
    ["::", /unspecified/],
    ["fc00::1", /unique-local/],
    ["fd12:3456::1", /unique-local/],
    ["fe80::1", /link-local/],
    ["fec0::1", /site-local/],
    ["ff02::1", /multicast/],
    ["224.0.0.1", /multicast/],
    ["255.255.255.255", /reserved/],
    ["240.0.0.1", /reserved/],
    ["192.0.2.1", /documentation/],
    ["198.51.100.7", /documentation/],
    ["203.0.113.9", /documentation/],
    ["2001:db8::1", /documentation/],
    ["3fff::1", /documentation/],
    ["198.18.0.1", /benchmarking/],
    ["192.0.0.8", /IETF/],
    ["2001::1", /IETF/],
    ["100::1", /discard/],
    ["4000::1", /reserved/],
  ];
  for (const [text, problem] of forbidden) {
    test(`${text} is refused (${problem.source})`, () => {
      const checked = checkAddress(text);
      assert.ok(checked, text);
      assert.match(String(checked.problem), problem);
      assert.ok(isForbiddenAddress(text));
    });
  }

  test("public addresses pass, and every form has one normal form", () => {
    for (const a of [
      "93.184.216.34",
      "8.8.8.8",
      "1.1.1.1",
      "172.32.0.1",
      "100.128.0.1",
      "2606:4700::1111",
      "2a00:1450:4001::1",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
    ]) {
      assert.equal(checkAddress(a)?.problem, null, a);
      assert.ok(!isForbiddenAddress(a), a);
    }
    assert.equal(checkAddress("2130706433")?.address, "127.0.0.1");
    assert.equal(checkAddress("0177.0.0.1")?.address, "127.0.0.1");
    assert.equal(checkAddress("::ffff:127.0.0.1")?.address, "::ffff:7f00:1");
    assert.equal(checkAddress("2606:4700:0:0:0:0:0:1111")?.address, "2606:4700::1111");
    assert.equal(checkAddress("::ffff:127.0.0.1")?.family, 6);
  });

  test("text that is not an address is neither accepted nor an address", () => {
    for (const text of ["example.com", "fe80::1%eth0", "1.2.3.4.5", "", "::g", "[::1", "1.2.3.4/8"]) {
      assert.equal(checkAddress(text), undefined, text);
      assert.ok(isForbiddenAddress(text), text);
    }
  });
});

describe("resolving a URL's host", () => {
  test("a literal address is judged in normal form without asking DNS", async () => {
    let asked = 0;
    const resolve = async () => {
      asked++;
      return ["93.184.216.34"];
    };
    for (const url of [
      "https://[::ffff:7f00:1]:8443/client.json",
      "https://[::ffff:a9fe:a9fe]/latest/meta-data",
      "http://2130706433/",
      "http://0x7f.0.0.1/",
      "http://[64:ff9b::a9fe:a9fe]/",
    ]) {
      await assert.rejects(resolveTarget(url, { resolve }), refused("forbidden_address"), url);
    }
    assert.equal(asked, 0);
    assert.equal((await resolveTarget("https://93.184.216.34/x")).address, "93.184.216.34");
  });

  test("a name is refused when any of its addresses is not public, in any form DNS writes it", async () => {
    for (const answer of [["::ffff:127.0.0.1"], ["93.184.216.34", "10.0.0.1"], ["169.254.169.254"]]) {
      await assert.rejects(
        resolveTarget("https://docs.example/c.json", { resolve: async () => answer }),
        refused("forbidden_address", /not public/),
        answer.join(","),
      );
    }
    const ok = await resolveTarget("https://docs.example/c.json", {
      resolve: async () => ["2606:4700::1111", "93.184.216.34"],
    });
    assert.deepEqual([ok.address, ok.family], ["2606:4700::1111", 6]);
    await assert.rejects(
      resolveTarget("https://docs.example/", {
        resolve: async () => {
          throw new Error("ENOTFOUND");
        },
      }),
      refused("dns_failed"),
    );
    await assert.rejects(
      resolveTarget("https://docs.example/", { resolve: async () => [] }),
      refused("dns_failed"),
    );
  });

  test("allowPrivate lets private and loopback addresses through, never unspecified or multicast ones", async () => {
    const allowPrivate = true;
    assert.equal((await resolveTarget("http://[::ffff:7f00:1]/", { allowPrivate })).address, "::ffff:7f00:1");
    assert.equal((await resolveTarget("http://10.1.2.3/", { allowPrivate })).address, "10.1.2.3");
    for (const url of ["http://0.0.0.0/", "http://[::]/", "http://224.0.0.1/", "http://[ff02::1]/"]) {
      await assert.rejects(resolveTarget(url, { allowPrivate }), refused("forbidden_address"), url);
    }
  });

  test("only http(s) URLs without credentials", async () => {
    for (const url of [
      "ftp://example.com/x",
      "file:///etc/passwd",
      "https://u:p@example.com/",
      "not a url",
    ]) {
      await assert.rejects(resolveTarget(url), refused("invalid_url"), url);
    }
  });
});

describe("requests through the guard", () => {
  test("connect to the checked address only: the name is resolved once, then pinned", async (t) => {
    const server = await local(t, (req, res) => res.end(`host=${req.headers.host}`));
    let asked = 0;
    const res = await outboundRequest(`http://rebind.invalid:${server.port}/doc`, {
      allowPrivate: true,
      resolve: async () => {
        asked++;
        // A rebinding resolver would answer something else the second time; it is never asked again.
        return asked === 1 ? ["127.0.0.1"] : ["10.9.9.9"];
      },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), `host=rebind.invalid:${server.port}`);
    assert.equal(res.address, "127.0.0.1");
    assert.equal(asked, 1);
  });

  test("a refused address is never connected to", async (t) => {
    const server = await local(t, (_req, res) => res.end("{}"));
    for (const url of [
      `http://127.0.0.1:${server.port}/`,
      `http://[::ffff:7f00:1]:${server.port}/`,
      `http://2130706433:${server.port}/`,
      `http://localhost:${server.port}/`,
    ]) {
      await assert.rejects(outboundRequest(url), refused("forbidden_address"), url);
    }
    assert.equal(server.connections(), 0);
  });

  test("a redirect is answered as it is, not followed", async (t) => {
    const server = await local(t, (_req, res) => {
      res.writeHead(302, { location: "http://169.254.169.254/" });
      res.end();
    });
    const res = await outboundRequest(`http://127.0.0.1:${server.port}/`, { allowPrivate: true });
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, "http://169.254.169.254/");
    assert.equal(server.requests.length, 1);
  });

  test("a body of maxBytes is read; one byte more is refused", async (t) => {
    const server = await local(t, (req, res) => res.end("x".repeat(req.url === "/big" ? 101 : 100)));
    const base = `http://127.0.0.1:${server.port}`;
    const exact = await outboundRequest(`${base}/exact`, { allowPrivate: true, maxBytes: 100 });
    assert.equal(exact.body.length, 100);
    await assert.rejects(
      outboundRequest(`${base}/big`, { allowPrivate: true, maxBytes: 100 }),
      refused("too_large", /larger than 100 bytes/),
    );
  });

  test("an answer that does not come in time is refused, and the connection closed", async (t) => {
    const server = await local(t, (_req, res) => {
      res.writeHead(200);
      res.write("partial"); // and never ends
    });
    await assert.rejects(
      outboundRequest(`http://127.0.0.1:${server.port}/`, { allowPrivate: true, timeoutMs: 150 }),
      refused("timeout", /150 ms/),
    );
  });

  test("a POST carries its method, headers and body (as webhooks send)", async (t) => {
    let got = "";
    const server = await local(t, (req, res) => {
      req.setEncoding("utf8");
      req.on("data", (c: string) => {
        got += c;
      });
      req.on("end", () => {
        res.writeHead(204);
        res.end();
      });
    });
    const res = await outboundRequest(`http://127.0.0.1:${server.port}/hook`, {
      allowPrivate: true,
      method: "POST",
      headers: { "content-type": "application/json", "webhook-id": "msg_1" },
      body: '{"a":1}',
    });
    assert.equal(res.status, 204);
    assert.equal(got, '{"a":1}');
    assert.equal(server.requests[0]?.method, "POST");
    assert.equal(server.requests[0]?.headers["webhook-id"], "msg_1");
  });

  test("a refused connection is a network error whose message names no detail of the peer", async () => {
    await assert.rejects(
      outboundRequest("http://127.0.0.1:1/", { allowPrivate: true }),
      (error: unknown) =>
        error instanceof OutboundError && error.reason === "network" && !/127|ECONN/.test(error.message),
    );
  });
});
