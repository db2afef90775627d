/**
 * Webhook delivery against a real receiver on 127.0.0.1: a paid sale's `sale.completed` arrives signed so
 * that the `standardwebhooks` package verifies it; a failing receiver is retried on the schedule, then given
 * up on; events reach an endpoint in order; a replay keeps its `webhook-id`; a rotation never leaves a
 * delivery unverifiable; an endpoint failing for 5 days is turned off with one e-mail; several senders
 * deliver each event once, and a dead sender's delivery is taken over.
 */
import { afterEach, beforeEach, describe, expect, setSystemTime, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { closeDatabase } from "../../src/db";
import { webhookDeliveries, webhookEndpoints } from "../../src/db/schema";
import { DAY, HOUR, MINUTE } from "../../src/lib/clock";
import { announceSale, recordWebhookEvent } from "../../src/features/webhooks/events";
import {
  deliverDueWebhooks,
  MAX_RESPONSE_BYTES,
  MAX_WEBHOOK_ATTEMPTS,
  startWebhookSender,
} from "../../src/features/webhooks/sender";
import { WEBHOOK_RETRY_DELAYS_SECONDS } from "../../src/shared/webhooks";
import {
  api,
  auditRowsOf,
  call,
  makeTestApp,
  openSameDatabase,
  outboxOf,
  signInAdmin,
  type TestContext,
} from "../support/app";
import { FakeClock } from "../support/fake-clock";
import { freePort } from "../support/ports";
import { paidWithDemoCard } from "../support/purchase";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "../support/webhook-receiver";

let ctx: TestContext;
let admin: string;
let receiver: WebhookReceiver;

beforeEach(async () => {
  // The clock starts at the real time: the standardwebhooks package checks a timestamp against it.
  ctx = makeTestApp({ clock: new FakeClock(Date.now()), env: { METRICS_TOKEN: "metrics-token-0123456789" } });
  admin = (await signInAdmin(ctx)).token;
  receiver = startWebhookReceiver();
});
afterEach(() => {
  setSystemTime();
  receiver.stop();
  ctx.cleanup();
});

const webhooks = () => api(ctx.app, admin).api.admin.webhooks;
/**
 * One sending round. A receiver that answers gets time to (a loaded machine can take seconds); only the test of a
 * receiver that never answers waits the short limit out.
 */
const deliver = (timeoutMs = 15_000) => deliverDueWebhooks(ctx.deps, { timeoutMs });
const deliveries = () => ctx.deps.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id);

async function addEndpoint(events: string[] = ["sale.completed"], url = receiver.url) {
  const { data } = await webhooks().post({ url, events: events as never });
  return data!;
}

/** Verifies a received request with the standardwebhooks package, as a receiver at the clock's time would. */
function verify(secret: string, request: ReceivedWebhook) {
  setSystemTime(new Date(Number(request.headers["webhook-timestamp"]) * 1000));
  try {
    return new Webhook(secret).verify(request.body, request.headers) as { type: string; data: Record<string, unknown> };
  } finally {
    setSystemTime();
  }
}

describe("a paid sale", () => {
  test("arrives as a signed sale.completed that the standardwebhooks package verifies", async () => {
    const { secret } = await addEndpoint();
    const bought = await paidWithDemoCard(ctx, "pro", "buyer@example.com", "US");
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    const [request] = receiver.received;
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["webhook-id"]).toMatch(/^msg_/);
    expect(request!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const event = verify(secret, request!);
    const sale = await bought.sale();
    expect(event).toMatchObject({
      type: "sale.completed",
      data: {
        saleId: sale.id,
        plan: "pro",
        amountCents: 2499,
        currency: "usd",
        email: "buyer@example.com",
        country: sale.country,
        invoiceNumber: sale.invoiceNumber,
      },
    });
    expect(Date.parse((event as unknown as { timestamp: string }).timestamp)).toBe(sale.createdAt);
    // Never a product key, plugin key or secret.
    expect(request!.body).not.toContain(bought.key);
    expect(request!.body).not.toMatch(/ll_|whsec_|password/i);
    expect(() => new Webhook(secret).verify(request!.body.replace("2499", "1"), request!.headers)).toThrow();
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: "delivered", attempts: 1, lastResponseStatus: 200, lastResponseBody: "ok" });
  });

  test("a change that rolls back records no event", async () => {
    await addEndpoint();
    const bought = await paidWithDemoCard(ctx, "pro", "buyer@example.com");
    await ctx.deps.db.delete(webhookDeliveries);
    await ctx.deps.db
      .transaction(async (tx) => {
        await announceSale(tx, await bought.sale(), ctx.clock.now());
        throw new Error("the sale's transaction failed");
      })
      .catch(() => {});
    expect(await deliveries()).toHaveLength(0);
  });

  test("only endpoints that asked for the event and are on get it", async () => {
    await addEndpoint(["sale.refunded"]);
    const off = await addEndpoint(["sale.completed"]);
    await webhooks()({ id: off.id }).patch({ enabled: false });
    await paidWithDemoCard(ctx, "month", "buyer@example.com");
    expect(await deliveries()).toHaveLength(0);
  });
});

describe("a failing receiver", () => {
  test("is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then the delivery is marked failed", async () => {
    await addEndpoint(["webhook.test"]);
    const { id } = (await webhooks().get()).data![0]!;
    await webhooks()({ id }).test.post();
    receiver.answerNext(
      ...Array.from({ length: MAX_WEBHOOK_ATTEMPTS }, () => ({ status: 500, body: "x".repeat(5000) })),
    );
    expect(await deliver()).toEqual({ delivered: 0, failed: 1 });
    for (const [index, seconds] of WEBHOOK_RETRY_DELAYS_SECONDS.entries()) {
      const [row] = await deliveries();
      expect(row).toMatchObject({ status: "pending", attempts: index + 1, lastResponseStatus: 500 });
      expect(row!.nextAttemptAt).toBe(ctx.clock.now() + seconds * 1000);
      expect(row!.lastResponseBody).toHaveLength(MAX_RESPONSE_BYTES);
      ctx.clock.advance(seconds * 1000 - 1);
      expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
      ctx.clock.advance(1);
      expect(await deliver()).toEqual({ delivered: 0, failed: 1 });
    }
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: "failed", attempts: MAX_WEBHOOK_ATTEMPTS, nextAttemptAt: null });
    // Every attempt carried the same webhook-id.
    expect(new Set(receiver.received.map((request) => request.headers["webhook-id"])).size).toBe(1);
    const listed = await webhooks()({ id }).deliveries.get({ query: {} });
    expect(listed.data![0]).toMatchObject({ status: "failed", attempts: 8, lastResponseStatus: 500 });
  });

  test("a redirect is not followed and a receiver that does not answer in time counts as a failed try", async () => {
    const { id } = await addEndpoint(["webhook.test"]);
    receiver.answerNext({ status: 302, headers: { location: `${receiver.url}/elsewhere` } }, "hang");
    await webhooks()({ id }).test.post();
    expect(await deliver()).toEqual({ delivered: 0, failed: 1 });
    expect(receiver.received).toHaveLength(1);
    ctx.clock.advance(5_000);
    expect(await deliver(500)).toEqual({ delivered: 0, failed: 1 });
    expect((await deliveries())[0]).toMatchObject({ attempts: 2, lastResponseStatus: null });
    expect((await deliveries())[0]!.lastError).toContain("time limit");
    ctx.clock.advance(5 * MINUTE);
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
  });

  test("an answer holding a NUL byte is recorded (PostgreSQL's text refuses NUL), so the retry schedule goes on", async () => {
    const { id } = await addEndpoint(["webhook.test"]);
    receiver.answerNext({ status: 500, body: "bad\u0000answer" });
    await webhooks()({ id }).test.post();
    expect(await deliver()).toEqual({ delivered: 0, failed: 1 });
    expect((await deliveries())[0]).toMatchObject({
      attempts: 1,
      lastResponseStatus: 500,
      lastResponseBody: "badanswer",
    });
  });

  test("holds back the endpoint's later events, which then arrive in order", async () => {
    const { id } = await addEndpoint(["webhook.test", "ticket.created"]);
    receiver.answerNext({ status: 503 });
    await webhooks()({ id }).test.post();
    await api(ctx.app).api.support.tickets.post({ email: "someone@example.com", message: "Where is my key, please?" });
    expect(await deliver()).toEqual({ delivered: 0, failed: 1 });
    ctx.clock.advance(4_000);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    ctx.clock.advance(1_000);
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.events().map((event) => event.type)).toEqual(["webhook.test", "webhook.test", "ticket.created"]);
  });

  test("failing for 5 days turns the endpoint off and e-mails the admins once", async () => {
    const { id } = await addEndpoint(["webhook.test"]);
    receiver.answerNext(...Array.from({ length: 40 }, () => ({ status: 500 })));
    for (let day = 0; day <= 5; day++) {
      await webhooks()({ id }).test.post();
      for (let round = 0; round < 12; round++) {
        await deliver();
        ctx.clock.advance(HOUR * 2);
      }
    }
    const [endpoint] = await ctx.deps.db.select().from(webhookEndpoints);
    expect(endpoint).toMatchObject({ enabled: false });
    expect(endpoint!.disabledReason).toContain("5 days");
    expect(await outboxOf(ctx, "webhook-alert")).toHaveLength(1);
    const before = receiver.received.length;
    ctx.clock.advance(DAY);
    await deliver();
    expect(receiver.received).toHaveLength(before);
    // Fixed and turned on again: the waiting deliveries go out at once, in order.
    receiver.answerOk();
    const waiting = (await deliveries()).filter((row) => row.status === "pending").length;
    expect(waiting).toBeGreaterThan(0);
    admin = (await signInAdmin(ctx)).token; // a week has passed: a new session
    expect((await webhooks()({ id }).patch({ enabled: true })).status).toBe(200);
    for (let i = 0; i < waiting; i++) expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
  });
});

describe("replay and rotation", () => {
  test("a replay sends the same body with the same webhook-id as a new delivery", async () => {
    const { id, secret } = await addEndpoint(["webhook.test"]);
    await webhooks()({ id }).test.post();
    await deliver();
    const [first] = await deliveries();
    const { data } = await webhooks().deliveries({ id: first!.id }).replay.post();
    expect(data).toMatchObject({ webhookId: first!.messageId, status: "pending", attempts: 0 });
    ctx.clock.advance(2_000);
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    const [original, replayed] = receiver.received;
    expect(replayed!.headers["webhook-id"]).toBe(original!.headers["webhook-id"]);
    expect(replayed!.body).toBe(original!.body);
    expect(replayed!.headers["webhook-timestamp"]).not.toBe(original!.headers["webhook-timestamp"]);
    verify(secret, replayed!);
    expect((await webhooks().deliveries({ id: 999 }).replay.post()).status).toBe(404);
    // Both the test event and the replay are in the audit log, with the admin who sent them.
    const [sentTest] = await auditRowsOf(ctx, "webhook.test");
    const [replay, ...more] = await auditRowsOf(ctx, "webhook.replay");
    expect(sentTest).toMatchObject({ subject: `webhook:${id}` });
    expect(replay).toMatchObject({ subject: `webhook:${id}`, actorUserId: sentTest!.actorUserId });
    expect(JSON.parse(replay!.detail!)).toMatchObject({
      replayOf: first!.id,
      deliveryId: data!.id,
      eventType: "webhook.test",
    });
    expect(more).toEqual([]);
  });

  test("a delivery still pending is not replayed: it would go out twice", async () => {
    const { id } = await addEndpoint(["webhook.test"]);
    await webhooks()({ id }).test.post();
    const [pending] = await deliveries();
    const { status, error } = await webhooks().deliveries({ id: pending!.id }).replay.post();
    expect(status).toBe(409);
    expect(error!.value).toMatchObject({ error: "WEBHOOK_DELIVERY_PENDING" });
    expect(await deliveries()).toHaveLength(1);
  });

  test("after a rotation every delivery for 24 hours verifies with the old secret and with the new one", async () => {
    const { id, secret: old } = await addEndpoint(["webhook.test"]);
    const { data: rotated } = await webhooks()({ id })["rotate-secret"].post();
    await webhooks()({ id }).test.post();
    await deliver();
    const [during] = receiver.received;
    expect(during!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    verify(old, during!);
    verify(rotated!.secret, during!);
    ctx.clock.advance(DAY + 1);
    await webhooks()({ id }).test.post();
    await deliver();
    const after = receiver.received[1]!;
    expect(after.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    verify(rotated!.secret, after);
    expect(() => verify(old, after)).toThrow();
  });
});

describe("a receiver that hangs", () => {
  test("holds back only its own endpoint: another endpoint's event still arrives", async () => {
    const hanging = startWebhookReceiver();
    hanging.answerNext("hang");
    try {
      await addEndpoint(["webhook.test"], hanging.url);
      await recordWebhookEvent(ctx.deps.db, "webhook.test", { n: 1 }, ctx.clock.now());
      const sender = startWebhookSender(ctx.deps, 50, { timeoutMs: 120_000 });
      try {
        const deadline = Date.now() + 20_000;
        while (hanging.received.length === 0 && Date.now() < deadline) await Bun.sleep(25);
        expect(hanging.received).toHaveLength(1);
        await addEndpoint(["ticket.created"]);
        await api(ctx.app).api.support.tickets.post({ email: "someone@example.com", message: "Is anyone there?" });
        while (receiver.received.length === 0 && Date.now() < deadline) await Bun.sleep(25);
        expect(receiver.events().map((event) => event.type)).toEqual(["ticket.created"]);
      } finally {
        await sender.stop(0);
      }
      // Stopping cut the hanging attempt off without counting it: it is due again for the next start.
      const [held] = await deliveries();
      expect(held).toMatchObject({ status: "pending", attempts: 0 });
    } finally {
      hanging.stop();
    }
  }, 40_000);
});

describe("several senders", () => {
  test("two senders on one database deliver each event once", async () => {
    const { id } = await addEndpoint(["webhook.test"]);
    const other = await addEndpoint(["webhook.test"]);
    for (let i = 0; i < 5; i++) await recordWebhookEvent(ctx.deps.db, "webhook.test", { n: i }, ctx.clock.now());
    const secondDb = openSameDatabase(ctx.deps);
    try {
      const second = { ...ctx.deps, db: secondDb };
      for (let round = 0; round < 6; round++)
        await Promise.all([deliverDueWebhooks(ctx.deps), deliverDueWebhooks(second)]);
    } finally {
      await closeDatabase(secondDb);
    }
    expect(receiver.received).toHaveLength(10);
    expect(new Set(receiver.received.map((request) => request.headers["webhook-id"])).size).toBe(10);
    for (const endpointId of [id, other.id]) {
      const bodies = (await deliveries())
        .filter((row) => row.endpointId === endpointId)
        .map((row) => JSON.parse(row.body).data.n);
      expect(bodies).toEqual([0, 1, 2, 3, 4]);
    }
  });

  test("a delivery leased by a sender that died is taken over once its lease ends, and a restart loses nothing", async () => {
    await addEndpoint(["webhook.test"]);
    await recordWebhookEvent(ctx.deps.db, "webhook.test", {}, ctx.clock.now());
    // A sender took it and died mid-send: its lease (the next attempt moved on) is all that is left.
    await ctx.deps.db.update(webhookDeliveries).set({ nextAttemptAt: ctx.clock.now() + 2 * MINUTE });
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    ctx.clock.advance(2 * MINUTE);
    const restarted = openSameDatabase(ctx.deps);
    try {
      expect(await deliverDueWebhooks({ ...ctx.deps, db: restarted })).toEqual({ delivered: 1, failed: 0 });
    } finally {
      await closeDatabase(restarted);
    }
  });
});

describe("/metrics", () => {
  test("counts deliveries by outcome", async () => {
    const { id } = await addEndpoint(["webhook.test"]);
    receiver.answerNext(...Array.from({ length: MAX_WEBHOOK_ATTEMPTS }, () => ({ status: 500 })));
    await webhooks()({ id }).test.post();
    for (const seconds of [0, ...WEBHOOK_RETRY_DELAYS_SECONDS]) {
      ctx.clock.advance(seconds * 1000);
      await deliver();
    }
    await webhooks()({ id }).test.post();
    await deliver();
    await webhooks()({ id }).test.post();
    const metrics = await call(ctx.app, "GET", "/metrics", {
      headers: { authorization: "Bearer metrics-token-0123456789" },
    });
    const text = String(metrics.body);
    expect(text).toContain('site_webhook_deliveries{outcome="delivered",app="layerlift"} 1');
    expect(text).toContain('site_webhook_deliveries{outcome="failed",app="layerlift"} 1');
    expect(text).toContain('site_webhook_deliveries{outcome="pending",app="layerlift"} 1');
  });
});

describe("the receiver's address", () => {
  /** A resolver that answers `addresses` for every name and remembers the names it was asked. */
  const resolverAnswering = (addresses: string[]) => {
    const asked: string[] = [];
    const resolveHost = async (host: string) => {
      asked.push(host);
      return addresses;
    };
    return { asked, resolveHost };
  };
  const named = (scheme: string) => receiver.url.replace(/^http:\/\/127\.0\.0\.1/, `${scheme}://receiver.test`);

  test("a delivery connects to the addresses its host was resolved to, resolving it once", async () => {
    const { id } = await addEndpoint(["webhook.test"], named("http"));
    await webhooks()({ id }).test.post();
    const { asked, resolveHost } = resolverAnswering(["127.0.0.1"]);
    expect(await deliverDueWebhooks(ctx.deps, { timeoutMs: 15_000, resolveHost })).toEqual({ delivered: 1, failed: 0 });
    expect(asked).toEqual(["receiver.test"]);
    expect(receiver.received).toHaveLength(1);
  });

  test("in production, a host whose one look-up answers a loopback address is refused and never reached", async () => {
    const { id } = await addEndpoint(["webhook.test"], named("https"));
    await webhooks()({ id }).test.post();
    Object.assign(ctx.deps.config, { env: "production" });
    const { asked, resolveHost } = resolverAnswering(["127.0.0.1"]);
    expect(await deliverDueWebhooks(ctx.deps, { timeoutMs: 15_000, resolveHost })).toEqual({ delivered: 0, failed: 1 });
    expect(asked).toEqual(["receiver.test"]);
    const [row] = await deliveries();
    expect(row!.lastError).toContain("resolves to 127.0.0.1, a private or local address");
    expect(receiver.received).toHaveLength(0);
  });
});

describe("in production", () => {
  test("a saved URL whose host now resolves to a loopback address is refused at delivery", async () => {
    const { id } = await addEndpoint(["webhook.test"], "https://localhost:1/hooks");
    await webhooks()({ id }).test.post();
    Object.assign(ctx.deps.config, { env: "production" });
    expect(await deliver()).toEqual({ delivered: 0, failed: 1 });
    const [row] = await deliveries();
    expect(row!.lastError).toContain("private or local address");
    expect(row!.lastResponseStatus).toBeNull();
  });
});

test("an unknown endpoint's deliveries are 404", async () => {
  expect((await webhooks()({ id: 42 }).deliveries.get({ query: {} })).status).toBe(404);
  expect((await webhooks()({ id: 42 }).test.post()).status).toBe(404);
});

describe("the operator's page", () => {
  test("its ten-line receiver verifies a real delivery and refuses a forged one", async () => {
    const page = await Bun.file(join(import.meta.dir, "../../docs/webhooks.md")).text();
    const code = page.split("## A receiver in ten lines")[1]!.split("```ts\n")[1]!.split("```")[0]!;
    expect(code.trim().split("\n")).toHaveLength(10);
    // Beside node_modules, so the example's import of standardwebhooks resolves as in a receiver's project.
    const dir = mkdtempSync(join(import.meta.dir, "../../node_modules/.cache-receiver-"));
    writeFileSync(join(dir, "receiver.ts"), code);
    const { secret } = await addEndpoint(["sale.completed"], "http://127.0.0.1:1/placeholder");
    const port = freePort();
    const receiverProcess = Bun.spawn([process.execPath, join(dir, "receiver.ts")], {
      env: { ...process.env, PORT: String(port), LAYERLIFT_WEBHOOK_SECRET: secret },
      stdout: "pipe",
      stderr: "pipe",
    });
    try {
      const url = `http://127.0.0.1:${port}/`;
      const listening = async () =>
        (await fetch(url, { method: "POST", body: "{}" }).catch(() => null))?.status === 400;
      const deadline = Date.now() + 20_000;
      while (!(await listening()) && Date.now() < deadline) await Bun.sleep(50);
      const [endpoint] = (await webhooks().get()).data!;
      await webhooks()({ id: endpoint!.id }).patch({ url });
      await paidWithDemoCard(ctx, "pro", "buyer@example.com");
      expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
      const forged = await fetch(url, {
        method: "POST",
        headers: {
          "webhook-id": "msg_x",
          "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
          "webhook-signature": "v1,AAAA",
        },
        body: "{}",
      });
      expect(forged.status).toBe(400);
    } finally {
      receiverProcess.kill();
      await receiverProcess.exited;
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await new Response(receiverProcess.stdout).text()).toContain("sold pro to buyer@example.com");
  });
});
