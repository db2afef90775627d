/**
 * The reference verifier (examples/lease-verifier/verify-lease.ts) and the test vectors beside it: each
 * vector gets the verdict it states, the vectors are exactly what the server's own signer makes from
 * their fixed keys, and leases from a running app pass the verifier.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import testVectors from "../../examples/lease-verifier/test-vectors.json";
import { verifyLease, type Jwk } from "../../examples/lease-verifier/verify-lease";
import { leaseTestVectors } from "../../scripts/lease-test-vectors";
import { ed25519Thumbprint } from "../../src/lib/ed25519";
import { encodeJson, publicJwkOf, signingKey, signJws } from "../../src/features/leases/lease";
import { api, call, makeTestApp, signUpUser } from "../support/app";
import { FakeClock } from "../support/fake-clock";

const jwks = testVectors.jwks as { keys: Jwk[] };
const options = (extra: { nonce?: string; now?: number } = {}) => ({
  jwks,
  issuer: testVectors.issuer,
  now: testVectors.now,
  ...extra,
});

describe("the test vectors", () => {
  for (const vector of testVectors.cases) {
    test(`${vector.name}: ${vector.expect}`, async () => {
      const nonce = "nonce" in vector ? vector.nonce : undefined;
      const verdict = await verifyLease(vector.lease, options({ nonce }));
      expect(verdict.ok ? "valid" : verdict.reason).toBe(vector.expect);
      if (verdict.ok && "claims" in vector) expect(verdict.claims).toEqual(vector.claims as never);
    });
  }

  test("cover every case a verifier must handle", () => {
    const names = testVectors.cases.map((vector) => vector.name).join("\n");
    for (const kind of ["expired", "wrong aud", "wrong key", "altered payload", "alg none", "second key of the set"])
      expect(names).toContain(kind);
    expect(testVectors.cases.filter((vector) => vector.expect === "valid").length).toBeGreaterThanOrEqual(3);
    expect(testVectors.cases.filter((vector) => vector.expect !== "valid").length).toBeGreaterThanOrEqual(8);
  });

  test("are what the server's signer makes from their fixed keys (regenerate: bun scripts/lease-test-vectors.ts)", () => {
    expect(JSON.parse(JSON.stringify(leaseTestVectors()))).toEqual(testVectors as never);
  });

  test("publish key pairs that belong together, named by their RFC 7638 thumbprints", () => {
    for (const key of [...testVectors.keys, testVectors.outsider]) {
      const privateKey = createPrivateKey({ key: key.privateJwk as never, format: "jwk" });
      expect(publicJwkOf(privateKey).x).toBe(key.publicJwk.x);
      expect(ed25519Thumbprint(key.publicJwk.x)).toBe(key.kid);
    }
    expect(jwks.keys.map((key) => key.kid)).toEqual(testVectors.keys.map((key) => key.kid));
  });
});

describe("the reference verifier", () => {
  const valid = testVectors.cases[0];

  test("trusts a lease until exp and not from exp on; says when to ask again", async () => {
    const claims = valid.claims!;
    expect(await verifyLease(valid.lease, options({ now: claims.exp - 1 }))).toMatchObject({
      ok: true,
      checkDue: true,
    });
    expect(await verifyLease(valid.lease, options({ now: claims.exp }))).toEqual({ ok: false, reason: "expired" });
    expect(await verifyLease(valid.lease, options({ now: claims.checkAfter - 1 }))).toMatchObject({ checkDue: false });
  });

  test("refuses a header without kid, a key of another kind under the right kid, and a cut signature", async () => {
    const [header, payload, signature] = valid.lease.split(".");
    const withoutKid = `${encodeJson({ alg: "EdDSA", typ: "JWT" })}.${payload}.${signature}`;
    expect(await verifyLease(withoutKid, options())).toEqual({ ok: false, reason: "unknown-key" });
    const kid = jwks.keys[0].kid;
    const otherKind = { jwks: { keys: [{ kty: "EC", crv: "P-256", x: jwks.keys[0].x, kid }] } };
    expect(await verifyLease(valid.lease, { ...options(), ...otherKind })).toEqual({
      ok: false,
      reason: "unknown-key",
    });
    expect(await verifyLease(`${header}.${payload}.${signature.slice(0, 40)}`, options())).toEqual({
      ok: false,
      reason: "malformed",
    });
  });

  test("refuses a well-signed payload that is not a lease", async () => {
    const key = createPrivateKey({ key: testVectors.keys[0].privateJwk as never, format: "jwk" });
    const notALease = signJws(signingKey(testVectors.keys[0].kid, key), { hello: "world" });
    expect(await verifyLease(notALease, options())).toEqual({ ok: false, reason: "malformed" });
  });

  test("accepts the leases a running app signs, with the app's key set", async () => {
    const ctx = makeTestApp({
      clock: new FakeClock(Date.UTC(2026, 10, 1, 12)),
      env: {
        LEASE_SIGNING_KEY: generateKeyPairSync("ed25519")
          .privateKey.export({ format: "pem", type: "pkcs8" })
          .toString(),
      },
    });
    try {
      const user = await signUpUser(ctx, "month");
      const key = (await api(ctx.app, user.token).api.figma["generate-key"].post()).data!.figmaKey;
      const appKeys = (await call(ctx.app, "GET", "/.well-known/jwks.json")).body;
      for (const nonce of [undefined, "first-nonce", "second-nonce"]) {
        const answer = await api(ctx.app).api.plugin.validate.post({
          key,
          robloxUserId: "42",
          ...(nonce ? { nonce } : {}),
        });
        const verdict = await verifyLease(answer.data!.lease, {
          jwks: appKeys,
          issuer: ctx.deps.config.appUrl,
          now: ctx.clock.now() / 1000,
          nonce,
        });
        if (!verdict.ok) throw new Error(`the app's lease was refused: ${verdict.reason}`);
        expect(verdict.claims).toMatchObject({ robloxUserId: "42", plan: "month" });
        expect(verdict.claims.nonce).toBe(nonce as string);
        // The test vectors' keys don't verify it.
        expect(await verifyLease(answer.data!.lease, { ...options(), issuer: ctx.deps.config.appUrl })).toEqual({
          ok: false,
          reason: "unknown-key",
        });
      }
    } finally {
      ctx.cleanup();
    }
  });
});

describe("the verifier's command line", () => {
  const dir = mkdtempSync(join(tmpdir(), "layerlift-verify-lease-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const jwksFile = join(dir, "jwks.json");
  writeFileSync(jwksFile, JSON.stringify(testVectors.jwks));
  const nowIso = new Date(testVectors.now * 1000).toISOString();
  const lease = (name: string) => testVectors.cases.find((vector) => vector.name === name)!.lease;
  const verify = (...args: string[]) => {
    const child = Bun.spawnSync([process.execPath, "examples/lease-verifier/verify-lease.ts", ...args], {
      cwd: join(import.meta.dir, "../.."),
    });
    return { code: child.exitCode, out: child.stdout.toString().trim(), err: child.stderr.toString().trim() };
  };

  test("a saved lease that holds: exit 0, until when and for whom", () => {
    const saved = join(dir, "lease.txt");
    writeFileSync(saved, `${lease("valid")}\n`);
    const answer = verify(saved, "--jwks", jwksFile, "--now", nowIso, "--issuer", testVectors.issuer);
    expect(answer.err).toBe("");
    expect(answer.code).toBe(0);
    expect(answer.out).toBe(
      "Trusted until 2026-11-08T11:00:00.000Z: Roblox user 123456789, plan pro (active), signed by https://layerlift.example at 2026-11-01T11:00:00.000Z; ask the site again after 2026-11-02T11:00:00.000Z.",
    );
    // Without --issuer the lease's own is shown, and said not to be checked.
    expect(verify(lease("valid"), "--jwks", jwksFile, "--now", nowIso).out).toContain(
      "(issuer not checked: pass --issuer)",
    );
  });

  test("a refused lease: exit 1 and the reason; a usage mistake: exit 2 and the usage", () => {
    for (const [name, reason] of [
      ["expired", "expired"],
      ["altered payload: the plan changed after signing", "bad-signature"],
      ["wrong iss", "wrong-issuer"],
    ]) {
      const answer = verify(lease(name), "--jwks", jwksFile, "--now", nowIso, "--issuer", testVectors.issuer);
      expect([answer.code, answer.out]).toEqual([1, `Refused: ${reason} (at ${nowIso}).`]);
    }
    const noJwks = verify(lease("valid"));
    expect(noJwks.code).toBe(2);
    expect(noJwks.err).toStartWith("Usage: bun verify-lease.ts LEASE --jwks FILE");
    const badNow = verify(lease("valid"), "--jwks", jwksFile, "--now", "yesterday");
    expect(badNow.code).toBe(2);
    expect(badNow.err).toStartWith('--now must be a time such as 2026-12-01T12:00:00Z; got "yesterday"');
  });
});
