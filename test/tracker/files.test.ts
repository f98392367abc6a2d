import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestContext } from "node:test";
import { test } from "node:test";
import { ConfigError, DEFAULT_FILE_MAX_BYTES, loadConfig } from "../../src/config.ts";
import { EMPTY_SHA256, presignUrl, signRequest } from "../../src/tracker/files/sigv4.ts";
import { attachmentDisposition, fileStore, normalizeMediaType } from "../../src/tracker/files/store.ts";
import { linkedFiles } from "../../src/tracker/files.ts";
import { nameWords } from "../../src/tracker/search-index.ts";
import { type Api, api, bearer, seed } from "../support.ts";

const sha = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** The error body of a refused file request. */
const errorOf = async (res: Response) => (await res.json()) as { error: string; error_description: string };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Ada's workspace on an app that really listens, with BASE_URL pointing at it, so signed URLs are
 * fetched over HTTP; files go to a temporary data folder.
 */
async function served(t: TestContext, env: Record<string, string> = {}): Promise<Api & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "docket-files-"));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const a = await api(t, {
    BASE_URL: `http://127.0.0.1:${port}`,
    DOCKET_DATA_DIR: dataDir,
    ...env,
  });
  await a.app.listen({ port, host: "127.0.0.1" });
  return { ...a, dataDir };
}

async function uploadUrl(a: Api, contentType: string, size: number, headers?: Record<string, string>) {
  const res = await a.call("POST", "/v1/files/upload-url", { content_type: contentType, size }, headers);
  assert.equal(res.status, 201, res.text);
  return res.body;
}

function put(target: { url: string; headers: Record<string, string> }, body: Buffer | string) {
  return fetch(target.url, { method: "PUT", headers: target.headers, body });
}

/** Uploads `bytes` and registers them as `name`; the file view. */
async function addFile(a: Api, name: string, contentType: string, bytes: string, issues?: string[]) {
  const target = await uploadUrl(a, contentType, Buffer.byteLength(bytes));
  const sent = await put(target, bytes);
  assert.equal(sent.status, 200, await sent.text());
  const res = await a.call("POST", "/v1/files", {
    upload_id: target.upload_id,
    name,
    sha256: sha(bytes),
    ...(issues ? { issues } : {}),
  });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

async function issue(a: Api, title: string) {
  const res = await a.call("POST", "/v1/issues", { title });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

const filesUnder = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }).sort() : [];

test("a file goes up to the signed URL, is registered, linked, indexed and comes back as an attachment", async (t) => {
  const a = await served(t);
  const eng1 = await issue(a, "Ship the importer");
  const bytes = "id,name\n1,Ada\n2,Grace\n";

  const target = await uploadUrl(a, "Text/CSV; Charset=utf-8", Buffer.byteLength(bytes));
  assert.match(target.upload_id, /^upl_[0-9A-Z]{26}$/);
  assert.equal(target.method, "PUT");
  assert.deepEqual(target.headers, { "content-type": "text/csv; charset=utf-8" });
  assert.equal(target.size, Buffer.byteLength(bytes));
  assert.equal(target.max_size, DEFAULT_FILE_MAX_BYTES);
  assert.equal(target.expires_at, "2026-03-01T09:15:00.000Z");
  assert.ok(
    target.url.startsWith(`${a.env.config.baseUrl}/files/upload/${a.workspaceId}/${target.upload_id}?`),
  );

  const sent = await put(target, bytes);
  assert.equal(sent.status, 200);
  assert.deepEqual(await sent.json(), { size: Buffer.byteLength(bytes), sha256: sha(bytes) });

  const res = await a.call("POST", "/v1/files", {
    upload_id: target.upload_id,
    name: "people export.csv",
    sha256: sha(bytes).toUpperCase(),
    issues: ["eng-1"],
  });
  assert.equal(res.status, 201, res.text);
  const file = res.body;
  assert.match(file.id, /^file_[0-9A-Z]{26}$/);
  assert.equal(file.name, "people export.csv");
  assert.equal(file.content_type, "text/csv; charset=utf-8");
  assert.equal(file.size, Buffer.byteLength(bytes));
  assert.equal(file.sha256, sha(bytes));
  assert.deepEqual(file.issues, [
    { id: eng1.id, identifier: "ENG-1", title: "Ship the importer", status: "backlog" },
  ]);
  assert.deepEqual(file.created_by, { person_id: a.personId, via: file.created_by.via });
  assert.match(file.created_by.via, /^pat_/);
  assert.equal(file.created_at, "2026-03-01T09:00:00.000Z");
  // signed for the 15-minute window the read falls in, until the end of the next one
  assert.equal(file.download_url_expires_at, "2026-03-01T09:30:00.000Z");

  // The bytes moved from the upload's key to the file's own.
  assert.deepEqual(
    filesUnder(path.join(a.dataDir, "files")).filter((p) => /(upl|file)_\w+$/.test(p)),
    [`files/${a.workspaceId}/${file.id}`],
  );

  const download = await fetch(file.download_url);
  assert.equal(download.status, 200);
  assert.equal(await download.text(), bytes);
  assert.equal(download.headers.get("content-type"), "text/csv; charset=utf-8");
  assert.equal(
    download.headers.get("content-disposition"),
    `attachment; filename="people export.csv"; filename*=UTF-8''people%20export.csv`,
  );
  assert.equal(download.headers.get("x-content-type-options"), "nosniff");
  assert.equal(download.headers.get("content-length"), String(Buffer.byteLength(bytes)));

  const head = await fetch(file.download_url, { method: "HEAD" });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("content-length"), String(Buffer.byteLength(bytes)));

  a.env.clock.advance(60_000);
  const got = await a.call("GET", `/v1/files/${file.id}`);
  assert.equal(got.status, 200);
  assert.equal(got.body.name, "people export.csv");
  assert.equal(got.body.download_url_expires_at, "2026-03-01T09:30:00.000Z");
  assert.equal(got.body.download_url, file.download_url, "the same URL within a window");
  a.env.clock.set("2026-03-01T09:15:00.000Z");
  const next = await a.call("GET", `/v1/files/${file.id}`);
  assert.equal(next.body.download_url_expires_at, "2026-03-01T09:45:00.000Z");
  assert.notEqual(next.body.download_url, file.download_url, "a new URL in the next window");
  assert.equal(await (await fetch(got.body.download_url)).text(), bytes);

  const doc = await a.env.core.db
    .selectFrom("search_documents")
    .selectAll()
    .where("object_id", "=", file.id)
    .executeTakeFirstOrThrow();
  assert.deepEqual(
    [doc.object_type, doc.title, doc.body, doc.workspace_id],
    ["file", "people export.csv", nameWords("people export.csv"), a.workspaceId],
  );
  const activity = await a.env.core.db
    .selectFrom("activity")
    .select(["action", "actor_id"])
    .where("subject_id", "=", file.id)
    .execute();
  assert.deepEqual(activity, [{ action: "created", actor_id: a.personId }]);

  const ctx = { core: a.env.core, workspaceId: a.workspaceId, actor: { personId: a.personId, via: "test" } };
  assert.deepEqual(await linkedFiles(ctx, eng1.id), [
    {
      id: file.id,
      name: "people export.csv",
      content_type: "text/csv; charset=utf-8",
      size: Buffer.byteLength(bytes),
      sha256: sha(bytes),
      created_at: "2026-03-01T09:00:00.000Z",
    },
  ]);
  const other = { ...ctx, workspaceId: (await seed(a.env.core, "other", "bob@example.com")).workspaceId };
  assert.deepEqual(await linkedFiles(other, eng1.id), []);

  // One signing key for the installation, made on first use.
  const secrets = await a.env.core.db.selectFrom("service_secrets").select("name").execute();
  assert.deepEqual(secrets, [{ name: "file_signing_key" }]);
});

test("an empty file and names in any script round-trip", async (t) => {
  const a = await served(t);
  const empty = await addFile(a, "empty.txt", "text/plain", "");
  assert.equal(empty.size, 0);
  assert.equal(empty.sha256, EMPTY_SHA256);
  assert.equal(await (await fetch(empty.download_url)).text(), "");

  const named = await addFile(a, 'Überblick "Q1" 計画.md', "text/markdown", "# Plan\n");
  const res = await fetch(named.download_url);
  assert.equal(
    res.headers.get("content-disposition"),
    `attachment; filename="_berblick _Q1_ __.md"; filename*=UTF-8''%C3%9Cberblick%20%22Q1%22%20%E8%A8%88%E7%94%BB.md`,
  );
  assert.equal(await res.text(), "# Plan\n");
});

test("bodies far over the 1 MiB JSON limit stream through, whatever their type", async (t) => {
  const a = await served(t);
  const bytes = Buffer.from(
    JSON.stringify({ rows: Array.from({ length: 250_000 }, (_, i) => [i, `row ${i}`]) }),
  );
  assert.ok(bytes.length > 3 * 1024 * 1024);
  const target = await uploadUrl(a, "application/json", bytes.length);
  const sent = await put(target, bytes);
  assert.equal(sent.status, 200);
  const res = await a.call("POST", "/v1/files", {
    upload_id: target.upload_id,
    name: "rows.json",
    sha256: sha(bytes),
  });
  assert.equal(res.status, 201, res.text);
  const back = Buffer.from(await (await fetch(res.body.download_url)).arrayBuffer());
  assert.equal(sha(back), sha(bytes));
});

test("a wrong sha256 is refused naming sha256, and the bytes are deleted", async (t) => {
  const a = await served(t);
  const bytes = "the real bytes";
  const target = await uploadUrl(a, "application/octet-stream", bytes.length);
  assert.equal((await put(target, bytes)).status, 200);

  const res = await a.call("POST", "/v1/files", {
    upload_id: target.upload_id,
    name: "blob.bin",
    sha256: sha("other bytes"),
  });
  assert.equal(res.status, 400);
  assert.equal(res.body.error, "invalid_request");
  assert.match(res.body.fields["body.sha256"], /does not match the uploaded bytes/);
  assert.match(res.body.fields["body.sha256"], new RegExp(sha(bytes)));
  assert.deepEqual(
    filesUnder(path.join(a.dataDir, "files")).filter((p) => /(upl|file)_\w+$/.test(p)),
    [],
  );
  assert.equal((await a.call("GET", "/v1/files")).body.data.length, 0);

  // Nothing left to register until the bytes are sent again; then the right hash registers.
  const again = await a.call("POST", "/v1/files", {
    upload_id: target.upload_id,
    name: "blob.bin",
    sha256: sha(bytes),
  });
  assert.equal(again.status, 400);
  assert.match(again.body.fields["body.upload_id"], /nothing has been uploaded/);
  assert.equal((await put(target, bytes)).status, 200);
  const ok = await a.call("POST", "/v1/files", {
    upload_id: target.upload_id,
    name: "blob.bin",
    sha256: sha(bytes),
  });
  assert.equal(ok.status, 201, ok.text);
});

test("expired upload and download URLs are refused", async (t) => {
  const a = await served(t);
  const target = await uploadUrl(a, "text/plain", 5);
  a.env.clock.advance(15 * 60_000);
  const late = await put(target, "hello");
  assert.equal(late.status, 403);
  assert.equal((await errorOf(late)).error, "expired_signature");

  // Bytes that made it in time can be registered up to an hour after the URL expired, not later.
  const inTime = await uploadUrl(a, "text/plain", 5);
  assert.equal((await put(inTime, "hello")).status, 200);
  a.env.clock.advance(15 * 60_000 + 60 * 60_000 + 1000);
  const tooLate = await a.call("POST", "/v1/files", {
    upload_id: inTime.upload_id,
    name: "a.txt",
    sha256: sha("hello"),
  });
  assert.equal(tooLate.status, 400);
  assert.match(tooLate.body.fields["body.upload_id"], /expired/);

  const file = await addFile(a, "b.txt", "text/plain", "hello");
  a.env.clock.advance(30 * 60_000);
  const gone = await fetch(file.download_url);
  assert.equal(gone.status, 403);
  assert.equal((await errorOf(gone)).error, "expired_signature");
});

test("tampered upload and download URLs are refused", async (t) => {
  const a = await served(t);
  const target = await uploadUrl(a, "text/plain", 5);
  const url = new URL(target.url);
  const signature = url.searchParams.get("signature")!;

  const flipped = new URL(url);
  flipped.searchParams.set("signature", (signature[0] === "0" ? "1" : "0") + signature.slice(1));
  const longer = new URL(url);
  longer.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
  const elsewhere = await uploadUrl(a, "text/plain", 5);
  const swapped = new URL(elsewhere.url);
  swapped.searchParams.set("signature", signature);
  const unsigned = new URL(url);
  unsigned.searchParams.delete("signature");

  for (const bad of [flipped, longer, swapped, unsigned]) {
    const res = await put({ url: bad.toString(), headers: target.headers }, "hello");
    assert.equal(res.status, 403, bad.toString());
    assert.equal((await errorOf(res)).error, "invalid_signature");
  }
  assert.equal(
    (await put({ url: `${a.env.config.baseUrl}/files/upload/../../etc/passwd`, headers: {} }, "x")).status,
    404,
  );

  const file = await addFile(a, "report.txt", "text/plain", "hello");
  for (const [param, value] of [
    ["name", "report.html"],
    ["type", "text/html"],
    ["expires", "9999999999"],
  ] as const) {
    const bad = new URL(file.download_url);
    bad.searchParams.set(param, value);
    const res = await fetch(bad);
    assert.equal(res.status, 403, param);
    assert.equal((await errorOf(res)).error, "invalid_signature");
  }
});

test("the PUT takes exactly the promised bytes of the promised type", async (t) => {
  const a = await served(t, { FILE_MAX_BYTES: "1000" });
  const target = await uploadUrl(a, "image/png", 10);
  assert.equal(target.max_size, 1000);

  const larger = await put(target, Buffer.alloc(11));
  assert.equal(larger.status, 413);
  assert.equal((await errorOf(larger)).error, "request_too_large");

  // Without a Content-Length the count is kept while streaming.
  const chunks = [Buffer.alloc(6), Buffer.alloc(6)];
  const streamed = await fetch(target.url, {
    method: "PUT",
    headers: target.headers,
    body: new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    }),
    duplex: "half",
  } as RequestInit);
  assert.equal(streamed.status, 413);

  const smaller = await put(target, Buffer.alloc(9));
  assert.equal(smaller.status, 400);
  assert.match((await errorOf(smaller)).error_description, /exactly 10 bytes; the body has 9/);

  const wrongType = await put(
    { url: target.url, headers: { "content-type": "text/html" } },
    Buffer.alloc(10),
  );
  assert.equal(wrongType.status, 415);
  assert.match((await errorOf(wrongType)).error_description, /image\/png/);

  // Nothing half-written stays behind.
  assert.deepEqual(
    filesUnder(path.join(a.dataDir, "files")).filter((p) => p.endsWith(".part")),
    [],
  );
  assert.equal((await put(target, Buffer.alloc(10))).status, 200);

  const tooBig = await a.call("POST", "/v1/files/upload-url", { content_type: "image/png", size: 1001 });
  assert.equal(tooBig.status, 400);
  assert.match(tooBig.body.fields["body.size"], /at most 1000 bytes/);
});

test("an upload registers once; its URL takes no more bytes after", async (t) => {
  const a = await served(t);
  const target = await uploadUrl(a, "text/plain", 5);
  assert.equal((await put(target, "hello")).status, 200);
  const body = { upload_id: target.upload_id, name: "a.txt", sha256: sha("hello") };
  assert.equal((await a.call("POST", "/v1/files", body)).status, 201);

  const twice = await a.call("POST", "/v1/files", body);
  assert.equal(twice.status, 409);
  assert.equal(twice.body.error, "conflict");
  const reused = await put(target, "HELLO");
  assert.equal(reused.status, 409);
  const list = await a.call("GET", "/v1/files");
  assert.equal(list.body.data.length, 1);
  assert.equal(await (await fetch(list.body.data[0].download_url)).text(), "hello");
});

test("requests are checked field by field", async (t) => {
  const a = await served(t);
  const bad = async (url: string, body: unknown, field: string) => {
    const res = await a.call("POST", url, body);
    assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    assert.ok(res.body.fields[field], `${field} in ${res.text}`);
  };
  await bad("/v1/files/upload-url", { content_type: "image/*", size: 1 }, "body.content_type");
  await bad("/v1/files/upload-url", { content_type: "png", size: 1 }, "body.content_type");
  await bad("/v1/files/upload-url", { content_type: "image/png", size: -1 }, "body.size");
  await bad("/v1/files/upload-url", { content_type: "image/png", size: 1.5 }, "body.size");
  await bad("/v1/files/upload-url", { content_type: "image/png", size: 1, name: "x" }, "body.name");

  const target = await uploadUrl(a, "text/plain", 5);
  assert.equal((await put(target, "hello")).status, 200);
  const ok = { upload_id: target.upload_id, name: "a.txt", sha256: sha("hello") };
  await bad("/v1/files", { ...ok, name: "dir/a.txt" }, "body.name");
  await bad("/v1/files", { ...ok, name: "a\\b.txt" }, "body.name");
  await bad("/v1/files", { ...ok, name: "a\nb.txt" }, "body.name");
  await bad("/v1/files", { ...ok, name: "x".repeat(256) }, "body.name");
  await bad("/v1/files", { ...ok, sha256: "abc" }, "body.sha256");
  await bad("/v1/files", { ...ok, upload_id: "upl_01J00000000000000000000000" }, "body.upload_id");
  await bad("/v1/files", { ...ok, issues: ["ENG-99"] }, "body.issues[0]");
  await bad("/v1/files", { ...ok, extra: 1 }, "body.extra");
  // None of that used the upload up.
  assert.equal((await a.call("POST", "/v1/files", ok)).status, 201);

  assert.equal((await a.call("GET", "/v1/files/file_01J00000000000000000000000")).status, 404);
  assert.equal((await a.call("GET", "/v1/files/nope")).status, 400);
  assert.equal((await a.call("GET", "/v1/files?color=red")).status, 400);
});

test("another workspace's files and uploads are out of sight; a read-only token reads only", async (t) => {
  const a = await served(t);
  const eng1 = await issue(a, "Mine");
  const file = await addFile(a, "mine.txt", "text/plain", "mine", ["ENG-1"]);
  const target = await uploadUrl(a, "text/plain", 5);
  assert.equal((await put(target, "hello")).status, 200);

  const bob = await seed(a.env.core, "other", "bob@example.com");
  const asBob = bearer(bob.token);
  assert.equal((await a.call("GET", `/v1/files/${file.id}`, undefined, asBob)).status, 404);
  assert.deepEqual((await a.call("GET", "/v1/files", undefined, asBob)).body.data, []);
  const steal = await a.call(
    "POST",
    "/v1/files",
    { upload_id: target.upload_id, name: "x.txt", sha256: sha("hello") },
    asBob,
  );
  assert.equal(steal.status, 400);
  assert.match(steal.body.fields["body.upload_id"], /no upload/);
  const filter = await a.call("GET", `/v1/files?issue=${eng1.identifier}`, undefined, asBob);
  assert.equal(filter.status, 400);
  assert.ok(filter.body.fields["query.issue"]);

  const ro = bearer(a.readOnlyToken);
  const denied = await a.call("POST", "/v1/files/upload-url", { content_type: "text/plain", size: 1 }, ro);
  assert.equal(denied.status, 403);
  assert.equal(denied.body.error, "insufficient_scope");
  const register = await a.call(
    "POST",
    "/v1/files",
    { upload_id: target.upload_id, name: "x.txt", sha256: sha("hello") },
    ro,
  );
  assert.equal(register.status, 403);
  assert.equal((await a.call("GET", `/v1/files/${file.id}`, undefined, ro)).status, 200);
  assert.equal((await a.call("GET", "/v1/files", undefined, ro)).body.data.length, 1);
});

test("lists filter by issue, media type and name, newest first, a page at a time", async (t) => {
  const a = await served(t);
  await issue(a, "Design");
  const add = async (name: string, type: string, issues?: string[]) => {
    const f = await addFile(a, name, type, `bytes of ${name}`, issues);
    a.env.clock.advance(1000);
    return f;
  };
  const logo = await add("logo.png", "image/png", ["ENG-1"]);
  const photo = await add("photo.jpg", "image/jpeg");
  const notes = await add("notes.txt", "text/plain; charset=utf-8", ["ENG-1"]);
  const report = await add("Quarterly Report.PDF", "application/pdf");
  const diagram = await add("diagram_v2.svg", "image/svg+xml", ["ENG-1"]);

  const names = async (query: string) => {
    const res = await a.call("GET", `/v1/files${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body.data.map((f: { name: string }) => f.name);
  };
  assert.deepEqual(
    await names(""),
    [diagram, report, notes, photo, logo].map((f) => f.name),
  );
  assert.deepEqual(await names("?content_type=image/"), ["diagram_v2.svg", "photo.jpg", "logo.png"]);
  assert.deepEqual(await names("?content_type=IMAGE"), ["diagram_v2.svg", "photo.jpg", "logo.png"]);
  assert.deepEqual(await names("?content_type=image/png"), ["logo.png"]);
  assert.deepEqual(await names("?content_type=text/plain"), ["notes.txt"]);
  assert.deepEqual(await names("?content_type=im"), []);
  assert.deepEqual(await names("?q=report"), ["Quarterly Report.PDF"]);
  assert.deepEqual(await names("?q=_v"), ["diagram_v2.svg"], "LIKE wildcards match themselves");
  assert.deepEqual(await names("?issue=eng-1"), ["diagram_v2.svg", "notes.txt", "logo.png"]);
  assert.deepEqual(await names("?issue=ENG-1&content_type=image/&q=LOGO"), ["logo.png"]);

  const seen: string[] = [];
  let url = "/v1/files?limit=2";
  for (let pages = 0; pages < 5; pages++) {
    const res = await a.call("GET", url);
    assert.equal(res.status, 200);
    for (const f of res.body.data) {
      seen.push(f.id);
      assert.match(f.download_url, /\/files\/download\//);
    }
    if (!res.body.next_cursor) {
      assert.equal(res.headers.link, undefined);
      break;
    }
    assert.match(String(res.headers.link), /rel="next"/);
    if (pages === 0) await add("late.txt", "text/plain");
    url = `/v1/files?limit=2&cursor=${res.body.next_cursor}`;
  }
  assert.deepEqual(
    seen,
    [diagram, report, notes, photo, logo].map((f) => f.id),
    "no repeats, no skips",
  );
  assert.equal((await a.call("GET", "/v1/files?cursor=bm9wZQ")).status, 400);
});

test("file settings are read from the environment and checked", () => {
  const base = { DOCKET_DATA_DIR: "/srv/docket" };
  const local = loadConfig(base).files;
  assert.deepEqual(local, {
    maxBytes: 100 * 1024 * 1024,
    store: { kind: "local", dir: "/srv/docket/files" },
  });
  const s3 = loadConfig({
    ...base,
    FILE_STORE: "s3",
    S3_BUCKET: "docket-files",
    S3_ACCESS_KEY_ID: "AK",
    S3_SECRET_ACCESS_KEY: "SK",
    FILE_MAX_BYTES: "2048",
  }).files;
  assert.deepEqual(s3, {
    maxBytes: 2048,
    store: {
      kind: "s3",
      endpoint: "https://s3.us-east-1.amazonaws.com",
      bucket: "docket-files",
      region: "us-east-1",
      accessKeyId: "AK",
      secretAccessKey: "SK",
      forcePathStyle: false,
    },
  });
  const minio = loadConfig({
    ...base,
    FILE_STORE: "S3",
    S3_ENDPOINT: "http://minio:9000/",
    S3_REGION: "eu-west-1",
    S3_BUCKET: "files",
    S3_ACCESS_KEY_ID: "AK",
    S3_SECRET_ACCESS_KEY: "SK",
    S3_FORCE_PATH_STYLE: "true",
  }).files.store;
  assert.deepEqual(minio.kind === "s3" && [minio.endpoint, minio.region, minio.forcePathStyle], [
    "http://minio:9000",
    "eu-west-1",
    true,
  ]);

  const s3Env = {
    ...base,
    FILE_STORE: "s3",
    S3_BUCKET: "b-1",
    S3_ACCESS_KEY_ID: "AK",
    S3_SECRET_ACCESS_KEY: "SK",
  };
  const refused = (env: Record<string, string>, variable: string) =>
    assert.throws(
      () => loadConfig(env),
      (e: unknown) => e instanceof ConfigError && e.variable === variable,
      variable,
    );
  refused({ ...base, FILE_STORE: "ftp" }, "FILE_STORE");
  refused({ ...base, FILE_MAX_BYTES: "0" }, "FILE_MAX_BYTES");
  refused({ ...base, FILE_MAX_BYTES: "10MB" }, "FILE_MAX_BYTES");
  refused({ ...base, FILE_MAX_BYTES: String(6 * 1024 ** 3) }, "FILE_MAX_BYTES");
  refused({ ...s3Env, S3_BUCKET: "" }, "S3_BUCKET");
  refused({ ...s3Env, S3_BUCKET: "Bad_Bucket" }, "S3_BUCKET");
  refused({ ...s3Env, S3_ACCESS_KEY_ID: "" }, "S3_ACCESS_KEY_ID");
  refused({ ...s3Env, S3_SECRET_ACCESS_KEY: " " }, "S3_SECRET_ACCESS_KEY");
  refused({ ...s3Env, S3_ENDPOINT: "ftp://x" }, "S3_ENDPOINT");
  refused({ ...s3Env, S3_ENDPOINT: "http://u:p@x" }, "S3_ENDPOINT");
  refused({ ...s3Env, S3_REGION: "us east" }, "S3_REGION");
  refused({ ...s3Env, S3_FORCE_PATH_STYLE: "maybe" }, "S3_FORCE_PATH_STYLE");
});

test("media types have one spelling; attachment names are safe", () => {
  assert.equal(normalizeMediaType(" Image/PNG "), "image/png");
  assert.equal(normalizeMediaType("text/plain;Charset=UTF-8"), "text/plain; charset=UTF-8");
  assert.equal(normalizeMediaType('multipart/mixed; boundary="a b"'), 'multipart/mixed; boundary="a b"');
  for (const bad of ["image", "image/", "*/*", "image/*", "a/b c", "text/plain; charset", "a/b\r\nx: y"]) {
    assert.equal(normalizeMediaType(bad), undefined, bad);
  }
  assert.equal(
    attachmentDisposition('a";b\\c%.txt'),
    `attachment; filename="a__b_c_.txt"; filename*=UTF-8''a%22%3Bb%5Cc%25.txt`,
  );
});

test("SigV4 signing gives the signatures AWS documents, and botocore's for a signed PUT", () => {
  const keys = {
    accessKeyId: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    region: "us-east-1",
  };
  const origin = "https://examplebucket.s3.amazonaws.com";
  const now = new Date("2013-05-24T00:00:00Z");
  // "Authenticating Requests: Using Query Parameters", the GET Object example.
  assert.equal(
    presignUrl(keys, { method: "GET", origin, path: "/test.txt", now }, 86400),
    `${origin}/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404`,
  );
  // "Signature Calculations for the Authorization Header", the GET Object example with a Range.
  const signed = signRequest(keys, {
    method: "GET",
    origin,
    path: "/test.txt",
    headers: { range: "bytes=0-9" },
    now,
  });
  assert.equal(
    signed.authorization,
    "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
  );
  assert.equal(signed["x-amz-content-sha256"], EMPTY_SHA256);
  // A presigned PUT that signs content-type and content-length, as botocore's S3SigV4QueryAuth signs it.
  const upload = presignUrl(
    keys,
    {
      method: "PUT",
      origin: "http://127.0.0.1:9000",
      path: "/docket/ws_1/upl_2",
      headers: { "content-type": "text/plain; charset=utf-8", "content-length": "11" },
      now: new Date("2026-11-22T01:39:06Z"),
    },
    900,
  );
  assert.equal(
    new URL(upload).searchParams.get("X-Amz-Signature"),
    "678f99a940b163bd01ddf00b0b1fd38db930e67e8afd6b5f994d04a3e7746fd6",
  );
  assert.equal(new URL(upload).searchParams.get("X-Amz-SignedHeaders"), "content-length;content-type;host");
});

// ---------------------------------------------------------------------------------------------------
// The same round trip against an S3-compatible server (s3rver, in this process, on a free port).

interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverServer;

async function s3Api(t: TestContext): Promise<Api & { endpoint: string }> {
  const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;
  const directory = mkdtempSync(path.join(tmpdir(), "docket-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "docket-files" }],
  });
  const { port } = await server.run();
  t.after(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const a = await api(t, {
    FILE_STORE: "s3",
    S3_ENDPOINT: endpoint,
    S3_BUCKET: "docket-files",
    S3_REGION: "us-east-1",
    // s3rver's built-in account
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  });
  // The store checks X-Amz-Date and X-Amz-Expires against its own clock.
  a.env.clock.set(new Date());
  return { ...a, endpoint };
}

test("S3 store: upload to the bucket, register, download as an attachment", async (t) => {
  const a = await s3Api(t);
  await issue(a, "Bucket-backed");
  const bytes = Buffer.from("%PDF-1.7 not really a pdf\n");
  const target = await uploadUrl(a, "application/pdf", bytes.length);
  const url = new URL(target.url);
  assert.equal(url.origin, a.endpoint);
  assert.equal(url.pathname, `/docket-files/uploads/${a.workspaceId}/${target.upload_id}`);
  assert.equal(url.searchParams.get("X-Amz-SignedHeaders"), "content-length;content-type;host");
  assert.equal(url.searchParams.get("X-Amz-Expires"), "900");
  assert.deepEqual(target.headers, { "content-type": "application/pdf" });

  const sent = await put(target, bytes);
  assert.equal(sent.status, 200, await sent.text());
  const res = await a.call("POST", "/v1/files", {
    upload_id: target.upload_id,
    name: "spec v2.pdf",
    sha256: sha(bytes),
    issues: ["ENG-1"],
  });
  assert.equal(res.status, 201, res.text);
  assert.equal(res.body.size, bytes.length);
  assert.equal(res.body.issues[0].identifier, "ENG-1");

  const store = fileStore(a.env.core);
  assert.equal(await store.head(`uploads/${a.workspaceId}/${target.upload_id}`), undefined, "moved away");
  assert.deepEqual(await store.head(`files/${a.workspaceId}/${res.body.id}`), { size: bytes.length });

  const download = await fetch(res.body.download_url);
  assert.equal(download.status, 200);
  assert.deepEqual(Buffer.from(await download.arrayBuffer()), bytes);
  assert.equal(download.headers.get("content-type"), "application/pdf");
  assert.equal(
    download.headers.get("content-disposition"),
    `attachment; filename="spec v2.pdf"; filename*=UTF-8''spec%20v2.pdf`,
  );

  const got = await a.call("GET", `/v1/files/${res.body.id}`);
  assert.equal(got.status, 200);
  assert.equal(Buffer.from(await (await fetch(got.body.download_url)).arrayBuffer()).equals(bytes), true);
  assert.equal(
    (
      await a.call("POST", "/v1/files", {
        upload_id: target.upload_id,
        name: "again.pdf",
        sha256: sha(bytes),
      })
    ).status,
    409,
  );
});

test("S3 store: a wrong sha256 deletes the object; an expired URL is refused by the store", async (t) => {
  const a = await s3Api(t);
  const target = await uploadUrl(a, "text/plain", 5);
  assert.equal((await put(target, "hello")).status, 200);
  const wrong = await a.call("POST", "/v1/files", {
    upload_id: target.upload_id,
    name: "a.txt",
    sha256: sha("HELLO"),
  });
  assert.equal(wrong.status, 400);
  assert.ok(wrong.body.fields["body.sha256"]);
  const store = fileStore(a.env.core);
  assert.equal(await store.head(`uploads/${a.workspaceId}/${target.upload_id}`), undefined);
  const keys = await a.env.core.db.selectFrom("files").select("id").execute();
  assert.deepEqual(keys, []);

  const missing = await a.call("POST", "/v1/files", {
    upload_id: target.upload_id,
    name: "a.txt",
    sha256: sha("hello"),
  });
  assert.equal(missing.status, 400);
  assert.match(missing.body.fields["body.upload_id"], /nothing has been uploaded/);

  // s3rver does not check signatures, so it takes a body of the wrong size; registration still refuses it.
  const short = await uploadUrl(a, "text/plain", 5);
  assert.equal((await put(short, "hello, world")).status, 200);
  const mismatch = await a.call("POST", "/v1/files", {
    upload_id: short.upload_id,
    name: "a.txt",
    sha256: sha("hello, world"),
  });
  assert.equal(mismatch.status, 400);
  assert.match(mismatch.body.fields["body.upload_id"], /has 12 bytes, not the 5 promised/);
  assert.equal(await store.head(`uploads/${a.workspaceId}/${short.upload_id}`), undefined);

  // Signed 20 minutes ago: its 15 minutes are over by the store's own clock.
  a.env.clock.set(new Date(Date.now() - 20 * 60_000));
  const old = await uploadUrl(a, "text/plain", 5);
  const refused = await put(old, "hello");
  assert.equal(refused.status, 403);
  assert.match(await refused.text(), /expired/i);
});
