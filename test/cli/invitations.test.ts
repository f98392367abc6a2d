import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { docket, type Service, startService } from "./support.ts";

let service: Service;
before(async () => {
  service = await startService();
});
after(() => service?.stop());

const env = () => ({
  DOCKET_URL: service.url,
  DOCKET_TOKEN: service.token,
  DOCKET_CONFIG: path.join(service.dir, "none.json"),
});

test("docket invitations create, list and revoke", async () => {
  const made = await docket(["invitations", "create", "grace@example.com", "--role", "admin"], {
    env: env(),
  });
  assert.equal(made.code, 0, made.stderr);
  assert.match(made.stdout, /Email: +grace@example\.com/);
  assert.match(made.stdout, /Role: +admin/);
  assert.match(
    made.stdout,
    /Link: +http:\/\/\S+\/invite\?token=docket_inv_\S+ +\(not mailed \(the service has no SMTP\): pass it on; shown only now\)/,
  );
  const id = /Invitation: +(inv_\w+)/.exec(made.stdout)![1]!;

  const list = await docket(["invitations", "list"], { env: env() });
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /EMAIL/);
  assert.match(list.stdout, new RegExp(`${id} +grace@example\\.com +admin`));

  const json = await docket(["invitations", "list", "--json"], { env: env() });
  assert.equal(JSON.parse(json.stdout).data[0].id, id);

  const bad = await docket(["invitations", "create", "lin@example.com", "--role", "owner"], { env: env() });
  assert.equal(bad.code, 2, "a usage error");
  assert.match(bad.stderr, /--role must be "admin" or "member"/);
  const member = await docket(["invitations", "create", "ada@example.com"], { env: env() });
  assert.equal(member.code, 1, member.stderr);
  assert.match(member.stderr, /already a member/);

  const revoked = await docket(["invitations", "revoke", id], { env: env() });
  assert.equal(revoked.code, 0, revoked.stderr);
  assert.match(revoked.stdout, /Revoked the invitation of grace@example\.com/);
  const empty = await docket(["invitations", "list"], { env: env() });
  assert.match(empty.stdout, /No pending invitations\./);
  const missing = await docket(["invitations", "revoke", "inv_nothing"], { env: env() });
  assert.equal(missing.code, 4, missing.stderr);
});
