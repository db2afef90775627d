/**
 * Rate limits across three real servers (`layerlift serve`) on one PostgreSQL database, limits on and
 * TRUST_PROXY set as behind a load balancer (docs/several-instances.md): a limit of 5 is 5 for the site,
 * whichever instance each call reaches.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { describePostgres, freshPostgresDatabase, type TestPostgres } from "../support/postgres";
import { type ServeProcess, startServeProcess, stopServeProcess, waitHealthy } from "../support/serve-process";

describePostgres("rate limits across three instances on one PostgreSQL", () => {
  let database: TestPostgres;
  let instances: ServeProcess[] = [];

  beforeAll(async () => {
    database = await freshPostgresDatabase({ empty: true });
    instances = ["a", "b", "c"].map((name) =>
      startServeProcess(name, { DATABASE_URL: database.url, DISABLE_RATE_LIMITS: "0", TRUST_PROXY: "1" }),
    );
    await Promise.all(instances.map((instance) => waitHealthy(instance)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => stopServeProcess(instance)));
    await database?.drop();
  });

  /** Following an address-confirmation link: 5 at once from one address, then 2 a minute. */
  const confirm = (instance: ServeProcess, ip: string) =>
    fetch(`${instance.url}/api/account/confirm-address`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ token: "not-a-link-we-sent" }),
    });

  test("5 calls spread over the three use the limit up; the 6th is refused on whichever instance gets it", async () => {
    for (let i = 0; i < 5; i++) expect((await confirm(instances[i % 3]!, "203.0.113.7")).status).not.toBe(429);
    for (const instance of instances) {
      const refused = await confirm(instance, "203.0.113.7");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toBe("RATE_LIMITED");
      // Another address has its own bucket, on every instance.
      expect((await confirm(instance, `198.51.100.${instances.indexOf(instance)}`)).status).not.toBe(429);
    }
  });

  test("12 calls at once, spread over the three, let exactly 5 through", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => confirm(instances[i % 3]!, "203.0.113.99")));
    expect(answers.filter((answer) => answer.status !== 429)).toHaveLength(5);
  });
});
