/**
 * The admin webhooks API: an endpoint is added with its secret shown once, listed without it, changed,
 * deleted and given a new secret; bad input and strangers change nothing; in production only public https
 * addresses are accepted; the secret never reaches the audit log, the logs or /metrics.
 */
import { describe, expect, test } from "bun:test";
import { webhookEndpoints } from "../../src/db/schema";
import { assertDeliverableUrl, isInternalAddress } from "../../src/features/webhooks/target";
import { api, auditRowsOf, call, failure, invalid, signUpUser, type TestContext } from "../support/app";
import { eachTestWithAdmin } from "../support/each-test";
import { captureLog } from "../support/log";

let ctx: TestContext;
let admin: string;
eachTestWithAdmin(
  (made) => ({ ctx, admin } = made),
  () => ({ env: { METRICS_TOKEN: "metrics-token-0123456789" } }),
);

const webhooks = () => api(ctx.app, admin).api.admin.webhooks;
const saved = () => ctx.deps.db.select().from(webhookEndpoints);

async function addEndpoint(url = "http://127.0.0.1:9/hooks", events = ["sale.completed"] as const) {
  const { data, status } = await webhooks().post({ url, events: [...events], description: "Discord roles" });
  expect(status).toBe(201);
  return data!;
}

describe("POST /api/admin/webhooks", () => {
  test("answers 201 with the secret once: whsec_ and the base64 of 32 random bytes", async () => {
    const created = await addEndpoint();
    expect(created).toMatchObject({
      url: "http://127.0.0.1:9/hooks",
      events: ["sale.completed"],
      description: "Discord roles",
      enabled: true,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice(6), "base64")).toHaveLength(32);
    const second = await addEndpoint();
    expect(second.secret).not.toBe(created.secret);
  });

  test("the list, the audit log and /metrics never show the secret", async () => {
    const log = captureLog("debug");
    let created: Awaited<ReturnType<typeof addEndpoint>>;
    try {
      created = await addEndpoint();
      await webhooks()({ id: created.id })["rotate-secret"].post();
    } finally {
      log.restore();
    }
    const { data: listed } = await webhooks().get();
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain("whsec_");
    expect(Object.keys(listed![0]!)).not.toContain("secret");
    const audit = [...(await auditRowsOf(ctx, "webhook.create")), ...(await auditRowsOf(ctx, "webhook.rotate-secret"))];
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain("whsec_");
    expect(log.text()).not.toContain("whsec_");
    const metrics = await call(ctx.app, "GET", "/metrics", {
      headers: { authorization: "Bearer metrics-token-0123456789" },
    });
    expect(String(metrics.body)).toContain("site_webhook_deliveries");
    expect(String(metrics.body)).not.toContain("whsec_");
    const health = await call(ctx.app, "GET", "/api/health");
    expect(JSON.stringify(health.body)).not.toContain("whsec_");
  });

  test("an invalid URL, an unknown event and an empty event list are 422 with a sentence; nothing is saved", async () => {
    const cases = [
      { url: "not a url", events: ["sale.completed"] },
      { url: "ftp://example.com/hooks", events: ["sale.completed"] },
      { url: "https://user:pass@example.com/hooks", events: ["sale.completed"] },
      { url: "https://example.com/hooks", events: ["sale.invented"] },
      { url: "https://example.com/hooks", events: [] },
      { url: "https://example.com/hooks", events: ["sale.completed", "sale.completed"] },
    ];
    for (const body of cases) {
      const answer = await webhooks().post(invalid(body));
      expect(answer.status).toBe(422);
      expect(failure(answer)?.message).toMatch(/\.$/);
    }
    expect(failure(await webhooks().post(invalid(cases[3])))?.message).toContain("sale.completed");
    expect(failure(await webhooks().post(invalid(cases[4])))?.message).toContain("at least one event");
    expect(await saved()).toHaveLength(0);
  });

  test("a stranger is 401 and a signed-in non-admin 403; nothing is saved", async () => {
    const body = { url: "https://example.com/hooks", events: ["sale.completed" as const] };
    expect((await api(ctx.app).api.admin.webhooks.post(body)).status).toBe(401);
    const { token } = await signUpUser(ctx);
    expect((await api(ctx.app, token).api.admin.webhooks.post(body)).status).toBe(403);
    expect((await api(ctx.app, token).api.admin.webhooks.get()).status).toBe(403);
    expect(await saved()).toHaveLength(0);
  });
});

describe("in production", () => {
  // The rules read the configuration at each call, as a production server's would.
  const production = () => Object.assign(ctx.deps.config, { env: "production" as const });

  test("a URL must be https", async () => {
    production();
    const answer = await webhooks().post({ url: "http://hooks.example.com/in", events: ["sale.completed"] });
    expect(answer.status).toBe(422);
    expect(failure(answer)?.message).toBe("In production a webhook URL must use https://.");
    expect(await saved()).toHaveLength(0);
  });

  test("a host that resolves to a loopback, private, link-local or metadata address is refused", async () => {
    production();
    for (const url of [
      "https://localhost/hooks",
      "https://127.0.0.1/hooks",
      "https://10.1.2.3/hooks",
      "https://192.168.1.20/hooks",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hooks",
      "https://[fd00:ec2::254]/hooks",
    ]) {
      const answer = await webhooks().post({ url, events: ["sale.completed"] });
      expect(answer.status).toBe(422);
      expect(failure(answer)?.message).toContain("private or local address");
    }
    expect(await saved()).toHaveLength(0);
  });

  test("WEBHOOKS_ALLOW_PRIVATE=1 allows them", async () => {
    Object.assign(ctx.deps.config, { env: "production", webhooksAllowPrivate: true });
    const answer = await webhooks().post({ url: "http://localhost:8080/hooks", events: ["sale.completed"] });
    expect(answer.status).toBe(201);
  });

  test("the address checks know the private ranges, and leave public addresses alone", async () => {
    for (const internal of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.0.1",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fc00::1",
      "::ffff:127.0.0.1",
      "::",
      "fd00:ec2::254",
      // IPv4 inside IPv6, as the URL parser writes it back ([::ffff:127.0.0.1] becomes [::ffff:7f00:1]).
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
      "0:0:0:0:0:ffff:0a00:0001",
      "64:ff9b::a9fe:a9fe",
      "2002:c0a8:1::1",
      "not-an-address",
    ])
      expect(isInternalAddress(internal)).toBe(true);
    for (const external of [
      "93.184.216.34",
      "1.1.1.1",
      "172.32.0.1",
      "2606:4700::1111",
      "::ffff:5db8:d822",
      "2002:5db8:d822::1",
    ])
      expect(isInternalAddress(external)).toBe(false);
    const rules = { env: "production" as const, webhooksAllowPrivate: false };
    expect((await assertDeliverableUrl("https://93.184.216.34/hooks", rules)).href).toBe("https://93.184.216.34/hooks");
    await expect(assertDeliverableUrl("https://[::ffff:127.0.0.1]/hooks", rules)).rejects.toThrow("private or local");
  });
});

describe("PATCH and DELETE /api/admin/webhooks/:id", () => {
  test("change the URL, the events, the description and turn it off; each change is audited", async () => {
    const { id } = await addEndpoint();
    const { data, status } = await webhooks()({ id }).patch({
      url: "http://127.0.0.1:10/other",
      events: ["sale.refunded", "dispute.opened"],
      description: "Accounting",
      enabled: false,
    });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      url: "http://127.0.0.1:10/other",
      events: ["sale.refunded", "dispute.opened"],
      description: "Accounting",
      enabled: false,
    });
    const [entry] = await auditRowsOf(ctx, "webhook.update");
    expect(entry?.detail).toContain("Accounting");
  });

  test("a bad change is a 422 and changes nothing; an unknown endpoint is 404", async () => {
    const { id } = await addEndpoint();
    expect((await webhooks()({ id }).patch(invalid({ events: [] }))).status).toBe(422);
    expect((await webhooks()({ id }).patch({ url: "nope" })).status).toBe(422);
    const [row] = await saved();
    expect(row).toMatchObject({ url: "http://127.0.0.1:9/hooks", events: ["sale.completed"] });
    expect((await webhooks()({ id: 999 }).patch({ enabled: false })).status).toBe(404);
    expect((await webhooks()({ id: 999 }).delete()).status).toBe(404);
  });

  test("delete removes the endpoint; the audit log keeps what it was, without the secret", async () => {
    const { id } = await addEndpoint();
    expect((await webhooks()({ id }).delete()).data).toEqual({ deleted: true });
    expect(await saved()).toHaveLength(0);
    const [entry] = await auditRowsOf(ctx, "webhook.delete");
    expect(entry?.detail).toContain("127.0.0.1:9");
    expect(entry?.detail).not.toContain("whsec_");
  });
});

describe("POST /api/admin/webhooks/:id/rotate-secret", () => {
  test("answers a new secret once, signing with both for 24 hours; a second rotation meanwhile is 409", async () => {
    const created = await addEndpoint();
    const { data } = await webhooks()({ id: created.id })["rotate-secret"].post();
    expect(data!.secret).toMatch(/^whsec_/);
    expect(data!.secret).not.toBe(created.secret);
    expect(Date.parse(data!.secondSecretUntil)).toBe(ctx.clock.now() + 24 * 3600_000);
    const [row] = await saved();
    expect(row).toMatchObject({ secret: data!.secret, previousSecret: created.secret });
    const again = await webhooks()({ id: created.id })["rotate-secret"].post();
    expect(again.status).toBe(409);
    ctx.clock.advance(24 * 3600_000 + 1);
    expect((await webhooks()({ id: created.id })["rotate-secret"].post()).status).toBe(200);
  });
});
