import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestContext } from "node:test";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

/**
 * A small, real OpenID Connect provider for tests: discovery, JWKS, an authorize endpoint that signs in
 * `user` at once and redirects back with a code, a token endpoint that checks client secret (Basic), the
 * redirect URI and the PKCE verifier (S256), and UserInfo. ID tokens are ES256, signed with jose.
 */
export interface TestIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** who signs in next */
  user: { sub: string; email?: string; email_verified?: boolean };
  /** leave email claims out of the ID token, so the client must ask UserInfo */
  emailOnlyFromUserInfo: boolean;
  tokenRequests: URLSearchParams[];
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.on("data", (c) => {
      data += c;
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

async function listen(server: Server, t: TestContext): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startIssuer(t: TestContext): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair("ES256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256", use: "sig" };
  const codes = new Map<string, { challenge: string; redirectUri: string; nonce?: string; sub: string }>();
  const accessTokens = new Map<string, TestIssuer["user"]>();
  const state: TestIssuer = {
    issuer: "",
    clientId: "docket-test",
    clientSecret: randomBytes(16).toString("hex"),
    user: { sub: "user-1", email: "ada@example.com", email_verified: true },
    emailOnlyFromUserInfo: false,
    tokenRequests: [],
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", state.issuer);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        userinfo_endpoint: `${state.issuer}/userinfo`,
        jwks_uri: `${state.issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["ES256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"],
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [jwk] });
    if (url.pathname === "/authorize") {
      const p = url.searchParams;
      if (p.get("client_id") !== state.clientId || p.get("response_type") !== "code") {
        return json(400, { error: "invalid_request" });
      }
      if (p.get("code_challenge_method") !== "S256" || !p.get("code_challenge")) {
        return json(400, { error: "invalid_request", error_description: "PKCE S256 required" });
      }
      const code = randomBytes(16).toString("hex");
      codes.set(code, {
        challenge: p.get("code_challenge")!,
        redirectUri: p.get("redirect_uri")!,
        nonce: p.get("nonce") ?? undefined,
        sub: state.user.sub,
      });
      const back = new URL(p.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", p.get("state") ?? "");
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === "/token" && req.method === "POST") {
      const form = new URLSearchParams(await body(req));
      state.tokenRequests.push(form);
      // RFC 6749 2.3.1: Basic credentials are form-encoded before base64.
      const basic = Buffer.from(
        (req.headers.authorization ?? "").replace(/^Basic /, ""),
        "base64",
      ).toString();
      const [id, secret] = basic.split(":").map((v) => decodeURIComponent(v.replace(/\+/g, " ")));
      if (id !== state.clientId || secret !== state.clientSecret)
        return json(401, { error: "invalid_client" });
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!grant || form.get("grant_type") !== "authorization_code")
        return json(400, { error: "invalid_grant" });
      if (form.get("redirect_uri") !== grant.redirectUri) return json(400, { error: "invalid_grant" });
      const verifier = form.get("code_verifier") ?? "";
      if (createHash("sha256").update(verifier).digest("base64url") !== grant.challenge) {
        return json(400, { error: "invalid_grant", error_description: "PKCE verification failed" });
      }
      const claims: Record<string, unknown> = { nonce: grant.nonce };
      if (!state.emailOnlyFromUserInfo) {
        if (state.user.email !== undefined) claims.email = state.user.email;
        if (state.user.email_verified !== undefined) claims.email_verified = state.user.email_verified;
      }
      const idToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: "ES256", kid: "k1" })
        .setIssuer(state.issuer)
        .setAudience(state.clientId)
        .setSubject(grant.sub)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
      const accessToken = randomBytes(16).toString("hex");
      accessTokens.set(accessToken, { ...state.user });
      return json(200, {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 300,
        id_token: idToken,
      });
    }
    if (url.pathname === "/userinfo") {
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      const user = accessTokens.get(token);
      if (!user) return json(401, { error: "invalid_token" });
      return json(200, user);
    }
    json(404, { error: "not_found" });
  });
  state.issuer = await listen(server, t);
  return state;
}

/** A stand-in for GitHub's OAuth and REST endpoints (GITHUB_URL, GITHUB_API_URL), as GitHub answers them. */
export interface TestGitHub {
  webUrl: string;
  apiUrl: string;
  user: { id: number; login: string };
  emails: { email: string; primary: boolean; verified: boolean }[];
  tokenRequests: URLSearchParams[];
}

export async function startGitHub(t: TestContext): Promise<TestGitHub> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const tokens = new Set<string>();
  const state: TestGitHub = {
    webUrl: "",
    apiUrl: "",
    user: { id: 4242, login: "ada" },
    emails: [{ email: "ada@example.com", primary: true, verified: true }],
    tokenRequests: [],
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", state.webUrl);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === "/login/oauth/authorize") {
      const p = url.searchParams;
      const code = randomBytes(10).toString("hex");
      codes.set(code, { challenge: p.get("code_challenge") ?? "", redirectUri: p.get("redirect_uri") ?? "" });
      const back = new URL(p.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", p.get("state") ?? "");
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === "/login/oauth/access_token" && req.method === "POST") {
      const form = new URLSearchParams(await body(req));
      state.tokenRequests.push(form);
      const grant = codes.get(form.get("code") ?? "");
      if (!grant || form.get("client_secret") !== "gh-secret")
        return json(200, { error: "bad_verification_code" });
      const verifier = form.get("code_verifier") ?? "";
      if (createHash("sha256").update(verifier).digest("base64url") !== grant.challenge) {
        return json(200, { error: "bad_verification_code" });
      }
      const token = `gho_${randomBytes(12).toString("hex")}`;
      tokens.add(token);
      return json(200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
    }
    const token = (req.headers.authorization ?? "").replace(/^Bearer /i, "");
    if (!tokens.has(token)) return json(401, { message: "Bad credentials" });
    if (url.pathname === "/api/user") return json(200, state.user);
    if (url.pathname === "/api/user/emails") return json(200, state.emails);
    json(404, { message: "Not Found" });
  });
  state.webUrl = await listen(server, t);
  state.apiUrl = `${state.webUrl}/api`;
  return state;
}
