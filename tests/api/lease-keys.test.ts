/**
 * The keys that sign leases: made once and kept in the database (also when two servers start at once),
 * rotated with the old key published until its leases have expired and then dropped (by the server on
 * its own, or `lease-keys prune`), or given as LEASE_SIGNING_KEY, whose every malformed form stops the
 * start with one sentence.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { join } from "node:path";
import { closeDatabase } from "../../src/db";
import { leaseKeys } from "../../src/db/schema";
import { createApp } from "../../src/app";
import { ConfigError, loadConfig } from "../../src/config";
import { DAY, MINUTE } from "../../src/lib/clock";
import { ed25519Thumbprint } from "../../src/lib/ed25519";
import { publicJwkOf } from "../../src/features/leases/lease";
import {
  createFirstLeaseKey,
  KEY_REFRESH_MS,
  listLeaseKeys,
  makeCurrent,
  pruneLeaseKeys,
} from "../../src/features/leases/keys";
import { verifyLease } from "../../examples/lease-verifier/verify-lease";
import testVectors from "../../examples/lease-verifier/test-vectors.json";
import { FakeClock } from "../support/fake-clock";
import { api, call, makeTestDeps, openSameDatabase, signUpUser, type App } from "../support/app";

const start = Date.UTC(2026, 10, 1, 12);
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Deps on a fresh database; `app()` builds an app on them as a server start does (several may share the database). */
function site(env: Record<string, string> = {}) {
  const made = makeTestDeps({ clock: new FakeClock(start), env });
  cleanups.push(made.cleanup);
  return { ...made, app: () => createApp(made.deps) };
}

const newKey = () => generateKeyPairSync("ed25519").privateKey;
const pemOf = (key: KeyObject) => key.export({ format: "pem", type: "pkcs8" }).toString();
const kidOf = (key: KeyObject) => ed25519Thumbprint(publicJwkOf(key).x);

const keySet = async (app: App) => (await call(app, "GET", "/.well-known/jwks.json")).body as { keys: any[] };
const kids = async (app: App) => (await keySet(app)).keys.map((key) => key.kid);

async function leaseFrom(app: App, ctx: ReturnType<typeof site>) {
  const user = await signUpUser({ app, deps: ctx.deps });
  const key = (await api(app, user.token).api.figma["generate-key"].post()).data!.figmaKey;
  return (await api(app).api.plugin.validate.post({ key, robloxUserId: "7" })).data!.lease;
}

const kidIn = (lease: string) => JSON.parse(Buffer.from(lease.split(".")[0], "base64url").toString()).kid as string;

describe("a key generated at first start", () => {
  test("is kept in the database: a restarted server signs with the same key", async () => {
    const ctx = site();
    const first = await kids(ctx.app());
    expect(first).toHaveLength(1);
    expect(await kids(ctx.app())).toEqual(first);
    const [row] = await listLeaseKeys(ctx.deps.db);
    expect(row).toMatchObject({ kid: first[0], generation: 1, retiredAt: null, longestLeaseSeconds: 7 * 86_400 });
    expect(JSON.parse(row.privateJwk!)).toMatchObject({ kty: "OKP", crv: "Ed25519" });
  });

  test("two servers that start at once on one database make one key between them", async () => {
    const ctx = site();
    const other = openSameDatabase(ctx.deps);
    cleanups.push(() => closeDatabase(other));
    // Both found no key: each inserts generation 1 if absent, then reads back.
    const [mine, theirs] = await Promise.all([
      createFirstLeaseKey(ctx.deps.db, start),
      createFirstLeaseKey(other, start),
    ]);
    expect(theirs.kid).toBe(mine.kid);
    expect(await other.select().from(leaseKeys)).toHaveLength(1);
  });
});

describe("rotation", () => {
  test("the server signs with the new key within a minute; the old one stays published until its leases expire, then goes", async () => {
    const ctx = site();
    const app = ctx.app();
    const before = await leaseFrom(app, ctx);
    const oldKid = kidIn(before);
    const { current } = (await makeCurrent(ctx.deps.db, ctx.deps.clock.now()))!;

    ctx.clock.advance(KEY_REFRESH_MS);
    const after = await leaseFrom(app, ctx);
    expect(kidIn(after)).toBe(current.kid);
    expect(await kids(app)).toEqual([current.kid, oldKid]);
    const jwks = await keySet(app);
    const check = (lease: string) =>
      verifyLease(lease, { jwks, issuer: ctx.deps.config.appUrl, now: ctx.clock.now() / 1000 });
    expect(await check(before)).toMatchObject({ ok: true });
    expect(await check(after)).toMatchObject({ ok: true });

    // Still published a moment before the old key's last lease can expire; dropped by the server after.
    ctx.clock.advance(7 * DAY - MINUTE);
    expect(await kids(app)).toEqual([current.kid, oldKid]);
    ctx.clock.advance(2 * MINUTE);
    expect(await kids(app)).toEqual([current.kid]);
    expect((await listLeaseKeys(ctx.deps.db)).map((row) => row.kid)).toEqual([current.kid]);
  });

  test("prune drops only retired keys whose leases have expired; --every-retired drops them all at once, never the current", async () => {
    const ctx = site();
    // A server's first key set makes the first key.
    await kids(ctx.app());
    const [first] = await listLeaseKeys(ctx.deps.db);
    const second = (await makeCurrent(ctx.deps.db, start))!.current;
    const third = (await makeCurrent(ctx.deps.db, start + DAY))!.current;
    const dropped = async (at: number, everyRetired = false) =>
      (await pruneLeaseKeys(ctx.deps.db, at, { everyRetired })).map((row) => row.kid);
    expect(await dropped(start + DAY)).toEqual([]);
    // The second never signed a lease (no server used it): it goes as soon as no server can still be signing with it.
    expect(await dropped(start + DAY + KEY_REFRESH_MS)).toEqual([second.kid]);
    // The first signed 7-day leases: it stays until the last of them has expired.
    expect(await dropped(start + 7 * DAY + KEY_REFRESH_MS - 1)).toEqual([]);
    expect(await dropped(start + 7 * DAY + KEY_REFRESH_MS)).toEqual([first.kid]);
    const fourth = (await makeCurrent(ctx.deps.db, start + 8 * DAY))!.current;
    expect(await dropped(start + 8 * DAY, true)).toEqual([third.kid]);
    expect((await listLeaseKeys(ctx.deps.db)).map((row) => row.kid)).toEqual([fourth.kid]);
  });
});

describe("LEASE_SIGNING_KEY", () => {
  test("as a PEM: the server signs with it and keeps only its public half", async () => {
    const key = newKey();
    const ctx = site({ LEASE_SIGNING_KEY: pemOf(key) });
    const app = ctx.app();
    const lease = await leaseFrom(app, ctx);
    expect(kidIn(lease)).toBe(kidOf(key));
    const jwks = await keySet(app);
    expect(jwks.keys).toEqual([{ ...publicJwkOf(key), kid: kidOf(key), alg: "EdDSA", use: "sig" }]);
    expect(await verifyLease(lease, { jwks, issuer: ctx.deps.config.appUrl, now: start / 1000 })).toMatchObject({
      ok: true,
    });
    expect((await listLeaseKeys(ctx.deps.db))[0].privateJwk).toBeNull();
  });

  test("as a JWK, or a PEM with its line breaks written \\n as environment files do", () => {
    const key = newKey();
    const jwk = JSON.stringify(key.export({ format: "jwk" }));
    const escaped = pemOf(key).replace(/\n/g, "\\n");
    for (const given of [jwk, escaped]) {
      const parsed = loadConfig({ NODE_ENV: "test", LEASE_SIGNING_KEY: given }).leases.signingKey!;
      expect(kidOf(parsed)).toBe(kidOf(key));
    }
  });

  test("a new key at restart retires the old one, which stays published; unset again, a generated key takes over", async () => {
    const [one, two] = [newKey(), newKey()];
    const ctx = site({ LEASE_SIGNING_KEY: pemOf(one) });
    const first = ctx.app();
    await leaseFrom(first, ctx);
    ctx.deps.config = { ...ctx.deps.config, leases: { ...ctx.deps.config.leases, signingKey: two } };
    const second = ctx.app();
    expect(await kids(second)).toEqual([kidOf(two), kidOf(one)]);

    // A server still running with the old key (a rolling restart) keeps it published while it signs with it.
    ctx.clock.advance(KEY_REFRESH_MS);
    expect(kidIn(await leaseFrom(first, ctx))).toBe(kidOf(one));
    expect((await listLeaseKeys(ctx.deps.db)).find((row) => row.kid === kidOf(one))!.retiredAt).toBe(ctx.clock.now());

    ctx.deps.config = { ...ctx.deps.config, leases: { ...ctx.deps.config.leases, signingKey: null } };
    const third = ctx.app();
    const thirdKids = await kids(third);
    const [generated] = await listLeaseKeys(ctx.deps.db);
    expect(generated.privateJwk).not.toBeNull();
    expect(thirdKids[0]).toBe(generated.kid);
    expect(await kids(third)).toContain(kidOf(two));
  });

  /** The one sentence a value of LEASE_SIGNING_KEY stops the start with. */
  function refusal(value: string): string {
    try {
      loadConfig({ NODE_ENV: "test", LEASE_SIGNING_KEY: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const lines = (error as Error).message.split("\n").slice(1);
      expect(lines).toHaveLength(1);
      return lines[0].replace(/^\s+- /, "");
    }
    throw new Error("the key was accepted");
  }

  test("malformed, public-only, of another kind or published: one sentence each, never repeating the key", () => {
    const key = newKey();
    const jwk = key.export({ format: "jwk" });
    const publicPem = generateKeyPairSync("ed25519").publicKey.export({ format: "pem", type: "spki" }).toString();
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey;
    const cases: Array<[string, string]> = [
      ["not a key at all", "must be an Ed25519 private key, as a PKCS#8 PEM"],
      [pemOf(key).replace(/\n.{12}/, "\n"), "does not read as PKCS#8"],
      [publicPem, "holds only a public key"],
      [JSON.stringify({ kty: "OKP", crv: "Ed25519", x: jwk.x }), "holds only a public key (no d)"],
      [JSON.stringify({ ...jwk, d: "short" }), "its d is not 32 bytes"],
      [JSON.stringify({ ...jwk, x: publicJwkOf(newKey()).x }), "is not the public half of its d"],
      ['{"kty":"OKP",', "its JSON does not parse"],
      [rsa.export({ format: "pem", type: "pkcs8" }).toString(), "must be an Ed25519 key; this one is RSA"],
      [JSON.stringify(testVectors.keys[0].privateJwk), "a test key published in the repository"],
      [JSON.stringify(testVectors.outsider.privateJwk), "a test key published in the repository"],
    ];
    for (const [value, expected] of cases) {
      const sentence = refusal(value);
      expect(sentence).toContain(expected);
      expect(sentence).toStartWith("LEASE_SIGNING_KEY");
      expect(sentence).not.toContain(jwk.d!);
      if (value.length > 60) expect(sentence).not.toContain(value.slice(30, 60));
    }
  });

  test("the server refuses to start with it malformed, in one sentence", () => {
    const child = Bun.spawnSync([process.execPath, "src/index.ts"], {
      cwd: join(import.meta.dir, "../.."),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "development",
        PORT: "0",
        LEASE_SIGNING_KEY: generateKeyPairSync("ed25519").publicKey.export({ format: "pem", type: "spki" }).toString(),
      },
    });
    expect(child.exitCode).toBe(1);
    expect(child.stderr.toString().trim()).toBe(
      "Configuration problems:\n  - LEASE_SIGNING_KEY holds only a public key: give the private key (-----BEGIN PRIVATE KEY-----), which the server signs with",
    );
  });
});

describe("LEASE_DAYS and LEASE_CHECK_HOURS", () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: "test", ...env });
      return [];
    } catch (error) {
      return (error as Error).message.split("\n").slice(1);
    }
  };

  test("default to 7 days and 24 hours", () => {
    expect(loadConfig({ NODE_ENV: "test" }).leases).toEqual({ days: 7, checkHours: 24, signingKey: null });
  });

  test("out of range or not whole numbers stop the start, naming the range", () => {
    for (const days of ["0", "31", "7.5", "a week"])
      expect(problems({ LEASE_DAYS: days })).toEqual([
        `  - LEASE_DAYS must be a whole number of days from 1 to 30; got "${days}"`,
      ]);
    expect(problems({ LEASE_CHECK_HOURS: "0" })).toEqual([
      '  - LEASE_CHECK_HOURS must be a whole number of hours from 1 to 168 (LEASE_DAYS × 24); got "0"',
    ]);
    expect(problems({ LEASE_DAYS: "1", LEASE_CHECK_HOURS: "25" })).toHaveLength(1);
    expect(problems({ LEASE_DAYS: "30", LEASE_CHECK_HOURS: "720" })).toEqual([]);
  });
});
