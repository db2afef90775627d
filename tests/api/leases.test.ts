/**
 * The lease in every valid answer of POST /api/plugin/validate: its claims and limits, the nonce, no lease
 * on failures, when a lease is signed anew and when the last one is sent again, and the key set at
 * /.well-known/jwks.json. Every lease here is checked with the reference verifier a plugin author gets.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { DAY, HOUR, MINUTE } from "../../src/lib/clock";
import { pluginKeyId } from "../../src/features/leases/lease";
import { createLeaseIssuer, MAX_KEPT_LEASES } from "../../src/features/leases/issuer";
import { verifyLease, type Jwk, type LeaseClaims } from "../../examples/lease-verifier/verify-lease";
import { FakeClock } from "../support/fake-clock";
import { api, call, failure, makeTestApp, makeTestDeps, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
const start = Date.UTC(2026, 10, 1, 12);
const open = (env: Record<string, string> = {}) => {
  ctx?.cleanup();
  ctx = makeTestApp({ clock: new FakeClock(start), env });
};
beforeEach(() => open());
afterEach(() => ctx.cleanup());

async function userWithKey(plan: "month" | "pro" | "lifetime" = "pro") {
  const user = await signUpUser(ctx, plan);
  const generated = await api(ctx.app, user.token).api.figma["generate-key"].post();
  return { ...user, pluginKey: generated.data!.figmaKey as string };
}

const validate = (key: string, robloxUserId = "123", nonce?: string) =>
  api(ctx.app).api.plugin.validate.post({ key, robloxUserId, ...(nonce === undefined ? {} : { nonce }) });

async function jwks() {
  const answer = await call(ctx.app, "GET", "/.well-known/jwks.json");
  expect(answer.status).toBe(200);
  return answer.body as { keys: Jwk[] };
}

/** The reference verifier's verdict on `lease` at `at` (ms), with the app's own key set. */
async function verify(lease: string, at = ctx.clock.now(), nonce?: string) {
  return verifyLease(lease, { jwks: await jwks(), issuer: ctx.deps.config.appUrl, now: at / 1000, nonce });
}

async function claimsOf(lease: string): Promise<LeaseClaims> {
  const verdict = await verify(lease);
  if (!verdict.ok) throw new Error(`the lease was refused: ${verdict.reason}`);
  return verdict.claims;
}

const header = (lease: string) => JSON.parse(Buffer.from(lease.split(".")[0], "base64url").toString());

describe("the lease in a valid answer", () => {
  test("is a compact EdDSA JWS, named by its kid, that the reference verifier accepts", async () => {
    const user = await userWithKey("pro");
    const answer = await validate(user.pluginKey, "123");
    expect(answer.status).toBe(200);
    const lease = answer.data!.lease;
    expect(lease.split(".")).toHaveLength(3);
    expect(header(lease)).toEqual({ alg: "EdDSA", typ: "JWT", kid: (await jwks()).keys[0].kid });
    const iat = start / 1000;
    expect(await claimsOf(lease)).toEqual({
      iss: ctx.deps.config.appUrl,
      aud: "layerlift-plugin",
      sub: pluginKeyId(user.pluginKey),
      iat,
      exp: iat + 7 * 86_400,
      checkAfter: iat + 24 * 3600,
      robloxUserId: "123",
      plan: "pro",
      status: "active",
      endDate: iat + 120 * 86_400,
    });
  });

  test("names the plugin key by an id, never the key itself", async () => {
    const user = await userWithKey();
    const lease = (await validate(user.pluginKey)).data!.lease;
    const payload = Buffer.from(lease.split(".")[1], "base64url").toString();
    expect(payload).not.toContain(user.pluginKey);
    expect(payload).not.toContain(user.pluginKey.slice(3));
  });

  test("never outlives the subscription: with three days left, exp and checkAfter stop at its end", async () => {
    const user = await userWithKey("month");
    ctx.clock.advance(27 * DAY);
    const claims = await claimsOf((await validate(user.pluginKey)).data!.lease);
    expect(claims.exp).toBe(claims.endDate!);
    expect(claims.exp - claims.iat).toBe(3 * 86_400);
    expect(claims.checkAfter).toBe(claims.iat + 24 * 3600);
    ctx.clock.advance(2 * DAY + 23 * HOUR + 30 * MINUTE);
    const last = await claimsOf((await validate(user.pluginKey)).data!.lease);
    expect(last.exp).toBe(last.endDate!);
    expect(last.checkAfter).toBe(last.exp);
  });

  test("for lifetime access carries endDate null and the full lease length", async () => {
    const user = await userWithKey("lifetime");
    const claims = await claimsOf((await validate(user.pluginKey)).data!.lease);
    expect(claims).toMatchObject({ plan: "lifetime", endDate: null });
    expect(claims.exp - claims.iat).toBe(7 * 86_400);
  });

  test("LEASE_DAYS and LEASE_CHECK_HOURS set its length and when to ask again", async () => {
    open({ LEASE_DAYS: "14", LEASE_CHECK_HOURS: "6" });
    const user = await userWithKey("lifetime");
    const claims = await claimsOf((await validate(user.pluginKey)).data!.lease);
    expect(claims.exp - claims.iat).toBe(14 * 86_400);
    expect(claims.checkAfter - claims.iat).toBe(6 * 3600);
  });

  test("says cancelled for a cancelled subscription that still runs", async () => {
    const user = await userWithKey("month");
    await api(ctx.app, user.token).api.subscription.cancel.post();
    expect((await claimsOf((await validate(user.pluginKey)).data!.lease)).status).toBe("cancelled");
  });
});

describe("the nonce", () => {
  test("is echoed in the lease, and the verifier holds the lease to it", async () => {
    const user = await userWithKey();
    const lease = (await validate(user.pluginKey, "123", "n0nce_of-the-plugin")).data!.lease;
    expect((await claimsOf(lease)).nonce).toBe("n0nce_of-the-plugin");
    expect(await verify(lease, ctx.clock.now(), "n0nce_of-the-plugin")).toMatchObject({ ok: true });
    expect(await verify(lease, ctx.clock.now(), "another-nonce-1")).toEqual({ ok: false, reason: "nonce-mismatch" });
  });

  test("of the wrong shape answers 422 with a sentence, and changes nothing", async () => {
    const user = await userWithKey();
    for (const nonce of ["short", "x".repeat(65), "has spaces in it", "sl/ash+plus=", "ünïcödé-nonce"]) {
      const answer = await validate(user.pluginKey, "123", nonce);
      expect(answer.status).toBe(422);
      expect(failure(answer)).toMatchObject({
        valid: false,
        code: "INVALID_REQUEST",
        message: "The nonce must be 8 to 64 characters: letters, digits, - or _.",
      });
      expect(JSON.stringify(failure(answer))).not.toContain("lease");
    }
    const numeric = await call(ctx.app, "POST", "/api/plugin/validate", {
      body: { key: user.pluginKey, robloxUserId: "123", nonce: 12345678 },
    });
    expect(numeric.status).toBe(422);
    // Nothing was linked: another account can still claim the key.
    expect((await validate(user.pluginKey, "456")).status).toBe(200);
  });

  test("a bad robloxUserId with a bad nonce still names the robloxUserId", async () => {
    const user = await userWithKey();
    const answer = await validate(user.pluginKey, "12a", "bad");
    expect(failure(answer)?.message).toBe("Send key (your plugin key) and robloxUserId (digits only).");
  });
});

describe("failures carry no lease", () => {
  test("unknown key, ended subscription, other account", async () => {
    const user = await userWithKey("month");
    await validate(user.pluginKey, "123");
    const answers = [await validate("ll_notarealkey"), await validate(user.pluginKey, "456")];
    ctx.clock.advance(31 * DAY);
    answers.push(await validate(user.pluginKey, "123"));
    expect(answers.map((a) => a.status)).toEqual([401, 409, 403]);
    for (const answer of answers) {
      expect(answer.data).toBeNull();
      expect(Object.keys(failure(answer)!)).not.toContain("lease");
    }
  });

  test("a cancelled subscription past its end and a deleted account get none", async () => {
    const cancelled = await userWithKey("month");
    const deleted = await userWithKey("pro");
    expect((await validate(cancelled.pluginKey)).data!.lease).toBeString();
    expect((await validate(deleted.pluginKey, "456")).data!.lease).toBeString();

    await api(ctx.app, cancelled.token).api.subscription.cancel.post();
    expect((await api(ctx.app, deleted.token).api.account.delete({ password: deleted.password })).status).toBe(200);
    const gone = await validate(deleted.pluginKey, "456");
    ctx.clock.advance(31 * DAY);
    const ended = await validate(cancelled.pluginKey);
    expect([gone.status, ended.status]).toEqual([401, 403]);
    for (const answer of [gone, ended]) expect(Object.keys(failure(answer)!)).not.toContain("lease");
  });

  test("a replaced plugin key gets none: the old key answers 401", async () => {
    const user = await userWithKey();
    expect((await validate(user.pluginKey)).data!.lease).toBeString();
    await api(ctx.app, user.token).api.figma["generate-key"].post();
    const old = await validate(user.pluginKey);
    expect(old.status).toBe(401);
    expect(JSON.stringify(failure(old))).not.toContain("lease");
  });
});

describe("signing and sending again", () => {
  test("the same lease is sent again until half the time to its checkAfter has passed, then a new one", async () => {
    const user = await userWithKey();
    const first = (await validate(user.pluginKey)).data!.lease;
    ctx.clock.advance(11 * HOUR + 59 * MINUTE);
    expect((await validate(user.pluginKey)).data!.lease).toBe(first);
    ctx.clock.advance(2 * MINUTE);
    const second = (await validate(user.pluginKey)).data!.lease;
    expect(second).not.toBe(first);
    expect((await claimsOf(second)).iat).toBe(Math.floor(ctx.clock.now() / 1000));
  });

  test("a change in what the lease says signs a new one: cancelling, a new nonce", async () => {
    const user = await userWithKey("month");
    const first = (await validate(user.pluginKey)).data!.lease;
    await api(ctx.app, user.token).api.subscription.cancel.post();
    const cancelled = (await validate(user.pluginKey)).data!.lease;
    expect(cancelled).not.toBe(first);
    expect((await claimsOf(cancelled)).status).toBe("cancelled");
    const withNonce = (await validate(user.pluginKey, "123", "nonce-number-1")).data!.lease;
    expect(withNonce).not.toBe(cancelled);
    expect((await validate(user.pluginKey, "123", "nonce-number-1")).data!.lease).toBe(withNonce);
    expect((await validate(user.pluginKey, "123", "nonce-number-2")).data!.lease).not.toBe(withNonce);
  });

  test("each plugin key gets its own lease", async () => {
    const [one, two] = [await userWithKey(), await userWithKey()];
    const a = await claimsOf((await validate(one.pluginKey, "1")).data!.lease);
    const b = await claimsOf((await validate(two.pluginKey, "2")).data!.lease);
    expect([a.sub, a.robloxUserId]).toEqual([pluginKeyId(one.pluginKey), "1"]);
    expect([b.sub, b.robloxUserId]).toEqual([pluginKeyId(two.pluginKey), "2"]);
  });

  test(`at most ${MAX_KEPT_LEASES} leases are kept, the oldest signed going first`, async () => {
    const made = makeTestDeps({ clock: new FakeClock(start) });
    try {
      const issuer = createLeaseIssuer(made.deps);
      const subject = (i: number) => ({
        pluginKey: `ll_key${i}`,
        robloxUserId: "1",
        plan: "pro" as const,
        status: "active" as const,
        endDate: null,
        nonce: undefined,
      });
      const firstLease = await issuer.leaseFor(subject(0), start);
      for (let i = 1; i < MAX_KEPT_LEASES + 5; i++) await issuer.leaseFor(subject(i), start);
      expect(issuer.keptLeases()).toBe(MAX_KEPT_LEASES);
      const newest = await issuer.leaseFor(subject(MAX_KEPT_LEASES + 4), start);
      expect(issuer.counts.sentAgain).toBe(1);
      expect(await issuer.leaseFor(subject(MAX_KEPT_LEASES + 4), start)).toBe(newest);
      // The first was dropped to make room: asked again, it is signed anew (same second, same claims, same bytes).
      const signedBefore = issuer.counts.signed;
      expect(await issuer.leaseFor(subject(0), start)).toBe(firstLease);
      expect(issuer.counts.signed).toBe(signedBefore + 1);
    } finally {
      made.cleanup();
    }
  });
});

test("/metrics counts the leases signed and those sent again", async () => {
  open({ METRICS_TOKEN: "metrics-token-0123456789" });
  const user = await userWithKey();
  for (let i = 0; i < 3; i++) await validate(user.pluginKey);
  await validate(user.pluginKey, "123", "a-fresh-nonce");
  const metrics = await call(ctx.app, "GET", "/metrics", {
    headers: { authorization: "Bearer metrics-token-0123456789" },
  });
  expect(metrics.body).toContain('plugin_leases_total{outcome="signed",app="layerlift"} 2');
  expect(metrics.body).toContain('plugin_leases_total{outcome="sent_again",app="layerlift"} 2');
});

describe("GET /.well-known/jwks.json", () => {
  test("lists the public key, cacheable and open to every origin, with nothing private", async () => {
    const answer = await call(ctx.app, "GET", "/.well-known/jwks.json");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=300");
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(answer.body.keys).toHaveLength(1);
    const [key] = answer.body.keys;
    expect(Object.keys(key).sort()).toEqual(["alg", "crv", "kid", "kty", "use", "x"]);
    expect(key).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    expect(Buffer.from(key.x!, "base64url")).toHaveLength(32);
  });

  test("is in the plugin API's OpenAPI document", async () => {
    const document = (await call(ctx.app, "GET", "/api/plugin/openapi.json")).body;
    expect(document.paths["/.well-known/jwks.json"].get.responses["200"]).toBeDefined();
    expect(document.paths["/api/plugin/validate"].post.requestBody.content["application/json"].example.nonce).toBe(
      "plugin-nonce_0123456789",
    );
  });

  test("the plugin docs page explains leases, the keys and the offline trade-off", async () => {
    const html = await (await ctx.app.handle(new Request("http://localhost/api/plugin/docs"))).text();
    for (const text of [
      'id="leases"',
      "/.well-known/jwks.json",
      "checkAfter",
      "at most 7 days",
      "examples/lease-verifier/verify-lease.ts",
      "examples/lease-verifier/test-vectors.json",
      "take effect at the\nplugin's next call",
    ])
      expect(html).toContain(text);
  });
});
