/**
 * The drill: the plugin keeps working while the server is down, for as long as its lease says, and no
 * longer; once the server is back, a refund stops it at its next call. Over real HTTP to a listening
 * server; the plugin's own clock is a fake one moved by hand.
 */
import { afterEach, expect, test } from "bun:test";
import { startServer } from "../../src/server";
import { verifyLease, type Jwk } from "../../examples/lease-verifier/verify-lease";
import { FakeClock } from "../support/fake-clock";
import { makeTestDeps } from "../support/app";
import { paidWithDemoCard } from "../support/purchase";

const made = makeTestDeps({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)) });
afterEach(() => made.cleanup());

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

test("server up: a lease; server down: the saved lease works until exp and not after; server back: a refund ends it at the next call", async () => {
  const { deps } = made;
  let server = startServer(deps, 0, "127.0.0.1");

  // A buyer pays, signs up with the key and sets up the plugin.
  const setup = { deps, app: server.app } as Parameters<typeof paidWithDemoCard>[0];
  const { sale, key: productKey } = await paidWithDemoCard(setup, "pro", "drill@example.com");
  const signup = await post(`${server.url}/api/auth/signup`, {
    email: "drill@example.com",
    password: "correct horse",
    confirmPassword: "correct horse",
    productKey,
  });
  const token = signup.body.token as string;
  const pluginKey = (await post(`${server.url}/api/figma/generate-key`, {}, token)).body.figmaKey as string;

  // Server up: the plugin validates with a nonce and saves the lease with the key set.
  const valid = await post(`${server.url}/api/plugin/validate`, {
    key: pluginKey,
    robloxUserId: "555",
    nonce: "drill-nonce-0001",
  });
  expect(valid.status).toBe(200);
  const saved = {
    lease: valid.body.lease as string,
    jwks: (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as { keys: Jwk[] },
  };
  const plugin = new FakeClock(deps.clock.now());
  const check = () =>
    verifyLease(saved.lease, {
      jwks: saved.jwks,
      issuer: deps.config.appUrl,
      now: plugin.now() / 1000,
      nonce: "drill-nonce-0001",
    });
  const first = await check();
  if (!first.ok) throw new Error(`the fresh lease was refused: ${first.reason}`);
  const { exp } = first.claims;
  expect(exp - first.claims.iat).toBe(7 * 86_400);

  // Server down: nothing answers, and the plugin goes on with its saved lease until exp.
  const downUrl = server.url;
  await server.stop();
  await expect(fetch(`${downUrl}/api/plugin/validate`, { method: "POST" })).rejects.toThrow();
  plugin.advance(3 * 86_400_000);
  expect(await check()).toMatchObject({ ok: true, checkDue: true });
  plugin.set(exp * 1000 - 1000);
  expect(await check()).toMatchObject({ ok: true });
  plugin.set(exp * 1000);
  expect(await check()).toEqual({ ok: false, reason: "expired" });
  plugin.advance(86_400_000);
  expect(await check()).toEqual({ ok: false, reason: "expired" });

  // Server back (same database, same key): the saved lease still verifies against its key set.
  server = startServer(deps, 0, "127.0.0.1");
  try {
    const jwksAgain = (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as { keys: Jwk[] };
    expect(jwksAgain).toEqual(saved.jwks);

    // The buyer takes a refund; the plugin's next call gets 403 and no lease.
    const refund = await post(`${server.url}/api/account/purchases/${(await sale()).id}/refund`, {}, token);
    expect(refund.status).toBe(200);
    const after = await post(`${server.url}/api/plugin/validate`, {
      key: pluginKey,
      robloxUserId: "555",
      nonce: "drill-nonce-0002",
    });
    expect(after.status).toBe(403);
    expect(after.body).toMatchObject({ valid: false, code: "SUBSCRIPTION_EXPIRED" });
    expect(after.body).not.toHaveProperty("lease");
  } finally {
    await server.stop();
  }
});
