/**
 * A rolling upgrade of two instances on one PostgreSQL database, behind a load balancer that does what Caddy's
 * `reverse_proxy` does in docs/several-instances.md: while a client keeps a steady stream of requests going,
 * A is stopped (it drains) and replaced by A', a newer build's migration is applied, then B is replaced by B'.
 * Every request of the stream gets its normal answer, the stream never stops, and a session made before the
 * upgrade still works after it.
 *
 * "Newer build" here: A' and B' run this repository's server, the same code as A and B, on the port of the
 * instance they replace. What a real newer build changes for the instances still running is its migration,
 * which its start applies to the shared database before it serves; the test applies one (additive, as the
 * rules in that document require) the same way, through drizzle's migrator, just before A' starts, while B
 * serves alone. B keeps serving on the newer schema, and A' and B' start on a database whose newest migration
 * they don't know, as an older build does after a rollback.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describePostgres, freshPostgresDatabase, POSTGRES_MIGRATIONS, type TestPostgres } from "../support/postgres";
import { ADDITIVE_MIGRATION, applyNewerMigration } from "../support/newer-migration";
import {
  buyAndSignUp,
  callJson,
  type ServeProcess,
  startServeProcess,
  stopServeProcess,
  waitFor,
  waitHealthy,
} from "../support/serve-process";

const MIGRATIONS = JSON.parse(readFileSync(join(POSTGRES_MIGRATIONS, "meta/_journal.json"), "utf8")).entries.length;
/** Caddy's health_interval, shortened. */
const HEALTH_INTERVAL_MS = 200;
/** Caddy's lb_try_duration and lb_try_interval. */
const TRY_DURATION_MS = 5_000;
const TRY_INTERVAL_MS = 250;
/** Whole seconds, a little above the health interval, as the set-up in the docs has it. */
const DRAIN_SECONDS = 1;

interface Upstream {
  slot: "A" | "B";
  url: string;
  healthy: boolean;
}

/**
 * Round-robin over the healthy upstreams, each checked on /api/health every HEALTH_INTERVAL_MS (healthy = a
 * 2xx; a new or replaced upstream waits for its first passing check). A request whose connection is refused is
 * tried on the next healthy upstream, for up to TRY_DURATION_MS; once an upstream has taken a request, its
 * answer or its failure (502) is the client's: no retry after that.
 */
function startBalancer(upstreams: Upstream[]) {
  let next = 0;
  let checking = true;
  const checks = (async () => {
    while (checking) {
      await Promise.all(
        upstreams.map(async (upstream) => {
          const answer = await fetch(`${upstream.url}/api/health`, { signal: AbortSignal.timeout(1_000) }).catch(
            () => undefined,
          );
          upstream.healthy = answer?.ok === true;
        }),
      );
      await Bun.sleep(HEALTH_INTERVAL_MS);
    }
  })();
  const pick = () => {
    const healthy = upstreams.filter((upstream) => upstream.healthy);
    return healthy.length ? healthy[next++ % healthy.length] : undefined;
  };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const { pathname, search } = new URL(request.url);
      const body = request.method === "GET" ? undefined : await request.arrayBuffer();
      const headers = new Headers(request.headers);
      headers.delete("host");
      const deadline = Date.now() + TRY_DURATION_MS;
      let refused = 0;
      for (;;) {
        const upstream = pick();
        if (upstream) {
          try {
            const answer = await fetch(`${upstream.url}${pathname}${search}`, {
              method: request.method,
              headers,
              body,
              redirect: "manual",
            });
            const text = await answer.arrayBuffer();
            return new Response(text, {
              status: answer.status,
              headers: {
                "content-type": answer.headers.get("content-type") ?? "",
                "x-upstream": upstream.slot,
                "x-refused": String(refused),
              },
            });
          } catch (error) {
            // Refused: nothing reached the instance, another one may take it. Anything else: the client's 502.
            if ((error as { code?: string }).code !== "ECONNREFUSED") {
              return new Response(`upstream ${upstream.slot} failed: ${error}`, { status: 502 });
            }
            refused++;
          }
        }
        if (Date.now() >= deadline) return new Response("no upstream took the request", { status: 502 });
        await Bun.sleep(TRY_INTERVAL_MS);
      }
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    async stop() {
      checking = false;
      await checks;
      server.stop(true);
    },
  };
}

interface Served {
  phase: string;
  call: "validate" | "me";
  status: number | "no answer";
  upstream: string | null;
  /** How many instances refused its connection before one took it (the balancer tried the next). */
  refused: number;
  /** The answer was the normal one: a valid key, or the signed-in account. */
  normal: boolean;
}

/** Clients sending plugin validations and account look-ups one after the other until stopped, each labelled with the phase it was sent in. */
function startStream(url: string, token: string, pluginKey: string, email: string, clients = 4) {
  const served: Served[] = [];
  const stream = { phase: "A and B", served, running: true, done: Promise.resolve() };
  const client = async (n: number) => {
    for (let i = n; stream.running; i++) {
      const phase = stream.phase;
      const call = i % 2 ? ("validate" as const) : ("me" as const);
      try {
        const answer =
          call === "validate"
            ? await fetch(`${url}/api/plugin/validate`, {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ key: pluginKey, robloxUserId: "4242" }),
              })
            : await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await answer.json().catch(() => null)) as Record<string, any> | null;
        const normal =
          answer.status === 200 && (call === "validate" ? body?.valid === true : body?.user?.email === email);
        served.push({
          phase,
          call,
          status: answer.status,
          upstream: answer.headers.get("x-upstream"),
          refused: Number(answer.headers.get("x-refused")),
          normal,
        });
      } catch {
        served.push({ phase, call, status: "no answer", upstream: null, refused: 0, normal: false });
      }
      await Bun.sleep(5);
    }
  };
  stream.done = Promise.all(Array.from({ length: clients }, (_, n) => client(n))).then(() => {});
  return stream;
}

describePostgres("a rolling upgrade of two instances behind a load balancer", () => {
  let database: TestPostgres;
  const running: ServeProcess[] = [];
  let balancer: ReturnType<typeof startBalancer> | undefined;

  const start = (name: string, port?: number) => {
    const server = startServeProcess(name, { DATABASE_URL: database.url, DRAIN_SECONDS: String(DRAIN_SECONDS) }, port);
    running.push(server);
    return server;
  };

  beforeAll(async () => {
    database = await freshPostgresDatabase({ empty: true });
  });

  afterAll(async () => {
    await balancer?.stop();
    for (const server of running) if (server.process.exitCode === null) server.process.kill("SIGTERM");
    await Promise.all(running.map((server) => server.process.exited));
    await database?.drop();
  });

  test("stop A, start A', stop B, start B': no request lost, the stream never stops, the session stays", async () => {
    const a = start("A");
    const b = start("B");
    await Promise.all([waitHealthy(a), waitHealthy(b)]);
    const upstreams: Upstream[] = [
      { slot: "A", url: a.url, healthy: false },
      { slot: "B", url: b.url, healthy: false },
    ];
    balancer = startBalancer(upstreams);
    await waitFor(() => upstreams.every((upstream) => upstream.healthy), 5_000, "the balancer to find both healthy");

    const email = "steady@example.com";
    const { token, pluginKey } = await buyAndSignUp(balancer.url, email);
    const stream = startStream(balancer.url, token, pluginKey, email);
    const { served } = stream;
    const inPhase = (phase: string) => served.filter((answer) => answer.phase === phase);
    /** Lets the stream run until `count` more answers came in the current phase, from `slots` when given. */
    const answers = (count: number, slots?: string[]) =>
      waitFor(
        () => inPhase(stream.phase).filter((answer) => !slots || slots.includes(answer.upstream ?? "")).length >= count,
        20_000,
        `${count} answers in "${stream.phase}"`,
      );
    await answers(40, ["A"]);
    await answers(40, ["B"]);

    stream.phase = "A draining";
    expect(await stopServeProcess(a)).toBe(0);
    stream.phase = "B alone";
    await answers(20);
    // The newer build's migration, applied as its start would, while B serves the stream.
    await applyNewerMigration(database.url, ADDITIVE_MIGRATION);
    stream.phase = "B alone, on the newer schema";
    await answers(20);
    // Until A' answers its own health check, the balancer may already have found it healthy, or not.
    stream.phase = "A' starting";
    const a2 = start("A'", a.port);
    await waitHealthy(a2);
    stream.phase = "A' and B";
    await answers(20, ["A"]);
    await answers(20, ["B"]);

    stream.phase = "B draining";
    expect(await stopServeProcess(b)).toBe(0);
    stream.phase = "A' alone";
    await answers(20);
    stream.phase = "B' starting";
    const b2 = start("B'", b.port);
    await waitHealthy(b2);
    stream.phase = "A' and B'";
    await answers(20, ["A"]);
    await answers(20, ["B"]);
    stream.running = false;
    await stream.done;

    // Every request of the stream had its normal answer: no 5xx, no connection lost, no other status.
    const abnormal = served.filter((answer) => !answer.normal);
    expect(abnormal).toEqual([]);
    // And none needed the balancer's retry: each stopping instance was out of rotation before it closed (it drains
    // for DRAIN_SECONDS, the balancer looks every HEALTH_INTERVAL_MS). Without the drain, requests meet its closed
    // port (retried) or its closing connections (lost).
    expect(served.filter((answer) => answer.refused > 0)).toEqual([]);
    // The stream kept going through every phase, the drains included, on the instances that were up.
    const phases = [
      "A and B",
      "A draining",
      "B alone",
      "B alone, on the newer schema",
      "A' starting",
      "A' and B",
      "B draining",
      "A' alone",
      "B' starting",
      "A' and B'",
    ];
    const counts = Object.fromEntries(phases.map((phase) => [phase, inPhase(phase).length]));
    for (const phase of phases) expect(counts[phase]!).toBeGreaterThan(0);
    for (const phase of ["B alone", "B alone, on the newer schema"])
      expect(new Set(inPhase(phase).map((answer) => answer.upstream))).toEqual(new Set(["B"]));
    expect(new Set(inPhase("A' alone").map((answer) => answer.upstream))).toEqual(new Set(["A"]));

    // The session made before the upgrade, and signing in again, on the new instances directly.
    for (const server of [a2, b2]) {
      expect((await callJson(server.url, "/api/auth/me", undefined, token)).body).toMatchObject({ user: { email } });
      const signIn = await callJson(server.url, "/api/auth/login", { email, password: "correct horse" });
      expect(signIn.status).toBe(200);
    }
    // A' and B' applied nothing: the newest migration is still the newer build's, applied once.
    const applied = await database.client.unsafe("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(applied[0].n).toBe(MIGRATIONS + 1);
    const added = await database.client.unsafe(
      "select column_name from information_schema.columns where table_name = 'users' and column_name in ('display_name', 'sign_in_count') order by 1",
    );
    expect(added.map((row: { column_name: string }) => row.column_name)).toEqual(["display_name", "sign_in_count"]);
  }, 120_000);
});
