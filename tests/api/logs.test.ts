/**
 * Logs a person can read: readable lines in development at a terminal (or with LOG_FORMAT=pretty), JSON
 * lines in production or with LOG_FORMAT=json, and the development admin's one-time password printed
 * whatever LOG_LEVEL says.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { readableLog } from "../../src/lib/logger";
import { VERSION } from "../../src/version";
import { freePort } from "../support/ports";
import { pollHealth } from "../support/health";

setDefaultTimeout(60_000);

const root = join(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "layerlift-logs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the server as `npm start` does (stdout is a pipe here, not a terminal), waits until it answers, stops it, returns its stdout. */
async function firstStart(env: Record<string, string>): Promise<string> {
  const port = freePort();
  const child = Bun.spawn([process.execPath, "src/index.ts"], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      PORT: String(port),
      DATABASE_PATH: join(dir, `db-${port}.sqlite`),
      NODE_ENV: "development",
      ...env,
    },
  });
  const up = Boolean(await pollHealth(`http://127.0.0.1:${port}`, { process: child }));
  child.kill("SIGTERM");
  await child.exited;
  const stdout = await new Response(child.stdout).text();
  if (!up) throw new Error(`the server did not start: ${stdout}${await new Response(child.stderr).text()}`);
  return stdout;
}

const CREDENTIALS = /Development admin created: admin@layerlift\.local \/ \S{8,} \(shown once/;

describe("the development admin's credentials", () => {
  for (const level of ["warn", "error", "silent"]) {
    test(`are printed on the first start with LOG_LEVEL=${level}, and nothing else is`, async () => {
      const stdout = await firstStart({ LOG_LEVEL: level });
      expect(stdout).toMatch(CREDENTIALS);
      expect(stdout).not.toContain("listening on");
      const [line] = stdout.trim().split("\n");
      expect(JSON.parse(line)).toMatchObject({ level: "info", email: "admin@layerlift.local" });
    });
  }

  test("are one readable line with LOG_FORMAT=pretty, without a stray line break in the message", async () => {
    const stdout = await firstStart({ LOG_LEVEL: "info", LOG_FORMAT: "pretty" });
    expect(stdout).toMatch(CREDENTIALS);
    expect(stdout).toMatch(/INFO.*Development admin created/);
    expect(stdout).toMatch(/INFO.*Layerlift \S+ listening on/);
    expect(stdout.trimStart()).not.toStartWith("{");
  });
});

describe("the log's format", () => {
  test("LOG_FORMAT=json gives one JSON object per line, even in development", async () => {
    const stdout = await firstStart({ LOG_LEVEL: "info", LOG_FORMAT: "json" });
    const lines = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { level: string; msg: string; ip?: string; route?: string });
    expect(lines.map((line) => line.msg)).toContainEqual(expect.stringMatching(/^Development admin created: /));
    expect(lines.some((line) => line.msg.startsWith(`Layerlift ${VERSION} listening on `))).toBe(true);
    // The health checks' request lines, written in batches, carry the client's address.
    expect(lines.find((line) => line.msg === "request")).toMatchObject({ ip: "127.0.0.1", route: "/api/health" });
  });

  test("readable in development at a terminal, JSON in production or off a terminal, LOG_FORMAT decides when set", () => {
    expect(readableLog(null, "development", true)).toBe(true);
    expect(readableLog(null, "development", false)).toBe(false);
    expect(readableLog(null, "production", true)).toBe(false);
    expect(readableLog("json", "development", true)).toBe(false);
    expect(readableLog("pretty", "production", false)).toBe(true);
  });

  test("LOG_FORMAT takes pretty or json and nothing else", () => {
    expect(loadConfig({ NODE_ENV: "test", LOG_FORMAT: "json" }).logFormat).toBe("json");
    expect(loadConfig({ NODE_ENV: "test" }).logFormat).toBeNull();
    expect(() => loadConfig({ NODE_ENV: "test", LOG_FORMAT: "xml" })).toThrow(
      'LOG_FORMAT must be pretty or json; got "xml"',
    );
  });
});
