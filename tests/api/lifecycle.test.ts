/**
 * The server as an operator runs it, as a real process: a graceful stop on SIGTERM and SIGINT (also
 * as a container's PID 1), a busy port refused, and NODE_ENV read strictly.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../support/ports";
import { VERSION } from "../../src/version";
import { pollHealth } from "../support/health";

/** Waits until `condition` holds, checking every 25 ms; fails after `ms`. */
async function waitFor(condition: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms in vain`);
    await Bun.sleep(25);
  }
}

setDefaultTimeout(60_000);

const root = join(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "layerlift-lifecycle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function spawnServer(options: { port: number; database?: string; env?: Record<string, string>; prefix?: string[] }) {
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    PORT: String(options.port),
    DATABASE_PATH: options.database ?? join(dir, `db-${options.port}.sqlite`),
    SEED_DEV_ADMIN: "0",
    NODE_ENV: "development",
    DISABLE_RATE_LIMITS: "1",
    LOG_LEVEL: "info",
    ...options.env,
  };
  return Bun.spawn([...(options.prefix ?? []), process.execPath, "src/index.ts"], {
    cwd: root,
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
}

async function waitUntilUp(port: number, child: ReturnType<typeof spawnServer>) {
  if (await pollHealth(`http://127.0.0.1:${port}`, { process: child })) return;
  child.kill();
  throw new Error(`the server did not start: ${await new Response(child.stderr).text()}`);
}

/** A request whose body arrives over `ms`: in flight for that long. */
function slowValidation(port: number, ms: number) {
  const [head, tail] = ['{"key":"ll_', 'notakey","robloxUserId":"1"}'];
  const body = new ReadableStream({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
      await Bun.sleep(ms);
      controller.enqueue(new TextEncoder().encode(tail));
      controller.close();
    },
  });
  const headers = { "content-type": "application/json", "content-length": String(head.length + tail.length) };
  return fetch(`http://127.0.0.1:${port}/api/plugin/validate`, {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit).then(
    (response) => response.status,
    (error: { code?: string }) => `failed: ${error.code ?? error}`,
  );
}

async function stopUnderLoad(signal: "SIGTERM" | "SIGINT", prefix?: string[]) {
  const port = freePort();
  const server = spawnServer({ port, prefix });
  await waitUntilUp(port, server);
  const answers = Array.from({ length: 250 }, () => slowValidation(port, 500));
  await Bun.sleep(200); // every request is accepted and waiting for the rest of its body
  const started = Date.now();
  if (prefix) {
    // The server is PID 1 of its own namespace, a child of `unshare`: signal it, as `docker stop` does.
    const pid = Number(
      Bun.spawnSync(["pgrep", "-P", String(server.pid)])
        .stdout.toString()
        .trim(),
    );
    process.kill(pid, signal);
  } else {
    server.kill(signal);
  }
  const statuses = await Promise.all(answers);
  const code = await server.exited;
  return { statuses, code, seconds: (Date.now() - started) / 1000, log: await new Response(server.stdout).text() };
}

describe("stopping", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    test(`${signal} during 250 requests in flight answers every one of them, then exits 0`, async () => {
      const { statuses, code, log } = await stopUnderLoad(signal);
      expect(statuses.filter((status) => status !== 401)).toEqual([]);
      expect(code).toBe(0);
      expect(log).toContain(`"signal":"${signal}","msg":"stopping: no new connections, finishing requests in flight"`);
      expect(log).toContain('"msg":"stopped"');
    });
  }

  test("with DRAIN_SECONDS, SIGTERM turns /api/health to 503 'stopping' at once while the site keeps serving, then it stops", async () => {
    const port = freePort();
    const server = spawnServer({ port, env: { DRAIN_SECONDS: "3" } });
    await waitUntilUp(port, server);
    server.kill("SIGTERM");
    let health: Response | null = null;
    for (let i = 0; i < 100; i++) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (health.status === 503) break;
      expect(health.status).toBe(200); // until the signal is handled
      await Bun.sleep(10);
    }
    expect(health!.status).toBe(503);
    expect(await health!.json()).toEqual({ ok: false, status: "stopping" });
    const page = await fetch(`http://127.0.0.1:${port}/api/config`);
    expect(page.status).toBe(200);
    expect(await server.exited).toBe(0);
    const log = await new Response(server.stdout).text();
    expect(log).toContain('"msg":"draining: /api/health answers 503; still serving for 3 s"');
    expect(log.indexOf("draining:")).toBeLessThan(log.indexOf('"msg":"stopping: no new connections'));
  });

  test("as PID 1 (in a container) SIGTERM stops it the same way", async () => {
    const { statuses, code, seconds } = await stopUnderLoad("SIGTERM", ["unshare", "--pid", "--fork", "--mount-proc"]);
    expect(statuses.filter((status) => status !== 401)).toEqual([]);
    expect(code).toBe(0);
    expect(seconds).toBeLessThan(10); // not docker stop's 10 s wait for a signal that is ignored
  });

  test("a stopped server leaves its database closed, so a restart on it starts", async () => {
    const port = freePort();
    const database = join(dir, "restart.sqlite");
    const first = spawnServer({ port, database });
    await waitUntilUp(port, first);
    first.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    const second = spawnServer({ port, database });
    await waitUntilUp(port, second);
    second.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  });
});

describe("starting", () => {
  test("a port another server holds is refused with a sentence, and the first server keeps all the traffic", async () => {
    const port = freePort();
    const first = spawnServer({ port });
    await waitUntilUp(port, first);
    const second = spawnServer({ port, database: join(dir, "other.sqlite") });
    expect(await second.exited).toBe(1);
    expect(await new Response(second.stderr).text()).toContain(`Port ${port} is already in use by another process`);
    // Refused before the database was opened: no file made and migrated for nothing.
    expect(existsSync(join(dir, "other.sqlite"))).toBe(false);
    first.kill("SIGTERM");
    expect(await first.exited).toBe(0);
  });

  test("HOST=127.0.0.1 listens on loopback only and says so; an address not of this machine is one sentence", async () => {
    const port = freePort();
    const local = spawnServer({ port, env: { HOST: "127.0.0.1", LOG_FORMAT: "json" } });
    await waitUntilUp(port, local);
    const lanAddress = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === "IPv4" && !address.internal)?.address;
    // Where the machine has another address, the server is not reachable on it.
    if (lanAddress) expect(await fetch(`http://${lanAddress}:${port}/api/health`).catch(() => null)).toBeNull();
    local.kill("SIGTERM");
    expect(await local.exited).toBe(0);
    const start = (await new Response(local.stdout).text())
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; version?: string })
      .find((line) => line.msg.includes("listening on"));
    expect(start?.msg).toStartWith(`Layerlift ${VERSION} listening on http://127.0.0.1:${port} (database: `);
    expect(start?.version).toBe(VERSION);

    const database = join(dir, "elsewhere.sqlite");
    const elsewhere = spawnServer({ port: freePort(), database, env: { HOST: "192.0.2.1" } });
    expect(await elsewhere.exited).toBe(1);
    expect((await new Response(elsewhere.stderr).text()).trim()).toBe(
      "HOST 192.0.2.1 is not an address of this machine; use 0.0.0.0 (every interface) or 127.0.0.1.",
    );
    expect(existsSync(database)).toBe(false);
  });

  test("a kept-alive connection left idle for 36 s still answers: longer than a proxy keeps its own", async () => {
    const port = freePort();
    const server = spawnServer({ port });
    await waitUntilUp(port, server);
    try {
      let closed = false;
      let closedAt = 0;
      const answers: string[] = [];
      const socket = await Bun.connect({
        hostname: "127.0.0.1",
        port,
        socket: {
          data: (_, chunk) => void answers.push(chunk.toString()),
          close: () => {
            closed = true;
            closedAt = Date.now();
          },
        },
      });
      const ask = () => socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
      ask();
      await waitFor(() => answers.join("").includes("HTTP/1.1 200"), 10_000);
      // Elysia's default closed an idle connection after about 30 s: Caddy, keeping its own for 2 minutes, got a reset.
      const answered = Date.now();
      const quiet = answered + 36_000;
      await waitFor(() => closed || Date.now() > quiet, 40_000);
      if (closed) {
        // Say why: the server stopped (its exit code and output), or it still runs and closed the connection.
        const exitCode = server.exitCode;
        server.kill("SIGTERM");
        await server.exited;
        const printed = `${await new Response(server.stdout).text()}${await new Response(server.stderr).text()}`;
        throw new Error(
          `the connection closed ${closedAt - answered} ms after the answer; the server's exit code then: ${exitCode}; it printed:\n${printed}`,
        );
      }
      answers.length = 0;
      ask();
      await waitFor(() => answers.join("").includes("HTTP/1.1 200"), 10_000);
      socket.end();
    } finally {
      server.kill("SIGTERM");
      await server.exited;
    }
  }, 90_000);

  test("a second server on the same database is refused", async () => {
    const database = join(dir, "shared.sqlite");
    const port = freePort();
    const first = spawnServer({ port, database });
    await waitUntilUp(port, first);
    const second = spawnServer({ port: freePort(), database });
    expect(await second.exited).toBe(1);
    expect(await new Response(second.stderr).text()).toContain(
      `Another process (a running Layerlift server?) has ${database} open. Stop it first`,
    );
    first.kill("SIGTERM");
    expect(await first.exited).toBe(0);
  });

  for (const value of ["Production", "prod", "staging"]) {
    test(`NODE_ENV=${value} refuses to start and names the accepted values`, async () => {
      const child = spawnServer({ port: freePort(), env: { NODE_ENV: value } });
      expect(await child.exited).toBe(1);
      expect(await new Response(child.stderr).text()).toContain(
        `NODE_ENV must be exactly one of development, production, test; got "${value}"`,
      );
    });
  }
});
