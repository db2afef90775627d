/**
 * Rate-limit buckets of different kinds never meet (docs/architecture.md#rate-limits): what someone types as an e-mail can't
 * drain an IP's bucket, a value that isn't an address is refused before any bucket is touched, and
 * every rate-limited route names its buckets by kind.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { bucketKey, MAX_BUCKETS, MemoryRateLimiter } from "../../src/lib/rate-limit";
import { AppError } from "../../src/lib/errors";
import { call, makeTestApp, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp({ rateLimits: true, env: { TRUST_PROXY: "1" } });
});
afterEach(() => ctx.cleanup());

const from = (ip: string) => ({ "x-forwarded-for": ip });

describe("bucket names", () => {
  test("each kind has its own prefix and values are escaped, so no value of one kind names another's bucket", () => {
    expect(bucketKey("login", { ip: "10.0.0.77" })).toBe("login|ip:10.0.0.77");
    expect(bucketKey("login", { email: "10.0.0.77" })).not.toBe(bucketKey("login", { ip: "10.0.0.77" }));
    expect(bucketKey("plugin", { key: "ip:10.0.0.77" })).not.toBe(bucketKey("plugin", { ip: "10.0.0.77" }));
    expect(bucketKey("login", { email: "a|ip:10.0.0.1" })).not.toBe(bucketKey("login", { email: "a", ip: "10.0.0.1" }));
    expect(bucketKey("redeem", { user: 5 })).not.toBe(bucketKey("redeem", { ip: "user:5" }));
    expect(() => bucketKey("login", {})).toThrow();
  });
});

describe("what the limiter in memory keeps", () => {
  const rule = { capacity: 3, perMinute: 1 };
  const clockAt = (start: number) => {
    const clock = { at: start, now: () => clock.at };
    return clock;
  };
  const refused = async (limiter: MemoryRateLimiter, ip: string) => {
    try {
      await limiter.take("test", { ip }, rule);
      return false;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return true;
    }
  };

  test("a bucket is forgotten once it has refilled, and forgetting it changes no answer", async () => {
    const clock = clockAt(1_000_000);
    const limiter = new MemoryRateLimiter(clock as never);
    for (let i = 0; i < 3; i++) expect(await refused(limiter, "203.0.113.1")).toBe(false);
    expect(await refused(limiter, "203.0.113.1")).toBe(true);
    await limiter.take("test", { ip: "203.0.113.2" }, rule);
    clock.at += 60_000; // 203.0.113.2 has refilled; 203.0.113.1 has one token back of three
    limiter.forgetIdle(clock.at);
    expect(limiter.size).toBe(1);
    expect(await refused(limiter, "203.0.113.1")).toBe(false);
    expect(await refused(limiter, "203.0.113.1")).toBe(true);
    clock.at += 3 * 60_000;
    limiter.forgetIdle(clock.at);
    expect(limiter.size).toBe(0);
  });

  test(`at most ${MAX_BUCKETS} buckets are kept, those used longest ago going first`, async () => {
    const clock = clockAt(1_000_000);
    const limiter = new MemoryRateLimiter(clock as never);
    for (let i = 1; i < MAX_BUCKETS; i++) await limiter.take("test", { ip: `subject-${i}` }, rule);
    // subject-0, used last, empties its bucket; ten more subjects then push the oldest out.
    for (let i = 0; i < 3; i++) await limiter.take("test", { ip: "subject-0" }, rule);
    for (let i = MAX_BUCKETS; i < MAX_BUCKETS + 10; i++) await limiter.take("test", { ip: `subject-${i}` }, rule);
    expect(await refused(limiter, "subject-0")).toBe(true);
    expect(limiter.size).toBeLessThanOrEqual(MAX_BUCKETS);
    // subject-1 was forgotten: it starts again with a full bucket.
    for (let i = 0; i < 3; i++) expect(await refused(limiter, "subject-1")).toBe(false);
  });
});

describe("lost-key resend", () => {
  test("requests 'for' an IP address are a 422 and don't lock that IP out", async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await call(ctx.app, "POST", "/api/keys/resend", {
        body: { email: "10.0.0.77" },
        headers: from(`192.0.2.${i + 1}`),
      });
      expect(answer.status).toBe(422);
    }
    const victim = await call(ctx.app, "POST", "/api/keys/resend", {
      body: { email: "someone@example.com" },
      headers: from("10.0.0.77"),
    });
    expect(victim.status).toBe(200);
  });

  test("a 422 takes nothing from the caller's own bucket", async () => {
    for (let i = 0; i < 10; i++) {
      expect(
        (await call(ctx.app, "POST", "/api/keys/resend", { body: { email: "nope" }, headers: from("198.51.100.9") }))
          .status,
      ).toBe(422);
    }
    expect(
      (
        await call(ctx.app, "POST", "/api/keys/resend", {
          body: { email: "fine@example.com" },
          headers: from("198.51.100.9"),
        })
      ).status,
    ).toBe(200);
  });
});

describe("sign-in", () => {
  test("60 failed sign-ins 'as' an IP address are 422s and that IP still signs in with the right password", async () => {
    const { email } = await signUpUser(ctx, "pro", "owner@example.com");
    for (let i = 0; i < 60; i++) {
      const answer = await call(ctx.app, "POST", "/api/auth/login", {
        body: { email: "10.0.0.88", password: "wrong password" },
        headers: from(`203.0.113.${i + 1}`),
      });
      expect(answer.status).toBe(422);
    }
    const owner = await call(ctx.app, "POST", "/api/auth/login", {
      body: { email, password: "correct horse" },
      headers: from("10.0.0.88"),
    });
    expect(owner.status).toBe(200);
  });
});

describe("forgotten password", () => {
  test("a value that isn't an address is a 422 and drains no bucket of the IP it names", async () => {
    for (let i = 0; i < 8; i++) {
      const answer = await call(ctx.app, "POST", "/api/auth/forgot-password", {
        body: { email: "10.0.0.99" },
        headers: from(`192.0.2.${50 + i}`),
      });
      expect(answer.status).toBe(422);
    }
    const answer = await call(ctx.app, "POST", "/api/auth/forgot-password", {
      body: { email: "someone@example.com" },
      headers: from("10.0.0.99"),
    });
    expect(answer.status).toBe(200);
  });
});
