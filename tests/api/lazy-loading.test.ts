/**
 * What most requests never need loads on first use, not at start (src/lib/lazy-module.ts): a fresh server
 * with Stripe and Resend configured has loaded none of its lazily loaded modules, and a page loads only the
 * page renderer. Each check runs in its own process, since this test runner shares loaded modules between
 * test files.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../..");

// Each test starts a process that loads the site afresh: a few seconds alone, most of a minute beside a full run.
setDefaultTimeout(180_000);

/** Starts a server in a fresh process, asks it for `paths`, and answers which lazy modules have loaded. */
async function loadedAfter(paths: string[]): Promise<{ name: string; loaded: boolean }[]> {
  const script = `
    import { makeTestDeps } from "./tests/support/app";
    import { startServer } from "./src/server";
    import { lazyModules } from "./src/lib/lazy-module";
    const { deps, cleanup } = makeTestDeps({ env: {
      STRIPE_SECRET_KEY: "sk_test_lazy", STRIPE_PUBLISHABLE_KEY: "pk_test_lazy", STRIPE_WEBHOOK_SECRET: "whsec_lazy",
      STRIPE_API_BASE: "http://127.0.0.1:9", TAX: "stripe",
      RESEND_API_KEY: "re_lazy", RESEND_BASE_URL: "http://127.0.0.1:9", EMAIL_FROM: "Layerlift <keys@layerlift.invalid>",
    } });
    const server = startServer(deps, 0, "127.0.0.1");
    for (const path of ${JSON.stringify(paths)}) {
      const response = await fetch(server.url + path);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(path + " answered " + response.status);
    }
    console.log("LAZY " + JSON.stringify(lazyModules().map(({ name, loaded }) => ({ name, loaded }))));
    await server.stop();
    cleanup();
  `;
  return printedBy(script, "LAZY ");
}

/** Runs `script` in a fresh process (from the repository's root) and answers what it printed after `marker`, parsed. */
async function printedBy(script: string, marker: string, env: Record<string, string> = {}) {
  const child = Bun.spawn([process.execPath, "--no-env-file", "-e", script], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  const line = out.split("\n").find((l) => l.startsWith(marker));
  if (code !== 0 || !line) throw new Error(`the server process failed (${code}):\n${err}`);
  return JSON.parse(line.slice(marker.length));
}

const HEAVY = [
  "invoice PDFs (pdf-lib)",
  "Stripe payments (the Stripe SDK)",
  "Stripe Tax (the Stripe SDK)",
  "e-mail delivery (the Resend SDK)",
  "e-mail rendering (react-email)",
  "the OpenAPI documents (@elysiajs/openapi)",
  "metrics (prom-client)",
  "pages rendered on the server (react-dom/server)",
  "legal pages (marked)",
];

test("a fresh server has loaded none of the heavy modules", async () => {
  const modules = await loadedAfter(["/api/health"]);
  expect(modules.map((m) => m.name)).toEqual(expect.arrayContaining(HEAVY));
  expect(modules.filter((m) => m.loaded).map((m) => m.name)).toEqual([]);
});

test("the home page loads the page renderer and nothing else", async () => {
  const modules = await loadedAfter(["/"]);
  expect(modules.filter((m) => m.loaded).map((m) => m.name)).toEqual([
    "pages rendered on the server (react-dom/server)",
  ]);
});

test("the API document loads the OpenAPI documents on first ask", async () => {
  const modules = await loadedAfter(["/api/openapi.json"]);
  expect(modules.filter((m) => m.loaded).map((m) => m.name)).toEqual(["the OpenAPI documents (@elysiajs/openapi)"]);
});

test("a site on SQLite never loads PostgreSQL's client, driver or schema", async () => {
  const script = `
    import { makeTestDeps } from "./tests/support/app";
    import { startServer } from "./src/server";
    const { deps, cleanup } = makeTestDeps();
    const server = startServer(deps, 0, "127.0.0.1");
    for (const path of ["/", "/api/health", "/api/plans"]) await (await fetch(server.url + path)).arrayBuffer();
    const loaded = Object.keys(require.cache).filter((file) =>
      /src\\/db\\/postgres\\/(schema|columns|connection)\\.ts$|drizzle-orm\\/bun-sql\\//.test(file),
    );
    console.log("POSTGRES " + JSON.stringify(loaded));
    await server.stop();
    cleanup();
  `;
  // A SQLite site, also when this file runs in the PostgreSQL pass.
  expect(await printedBy(script, "POSTGRES ", { TEST_DATABASE_URL: "" })).toEqual([]);
});

/** The site's own modules (paths from src/) a fresh process has loaded after running the command line with `args`. */
async function sourceLoadedByCli(args: string[]): Promise<string[]> {
  const script = `
    import { runCli } from "./src/cli";
    const code = await runCli(${JSON.stringify(args)});
    if (code !== 0) throw new Error("the command exited " + code);
    const root = ${JSON.stringify(`${ROOT}/src/`)};
    console.log("SOURCE " + JSON.stringify(Object.keys(require.cache).filter((f) => f.startsWith(root)).map((f) => f.slice(root.length))));
  `;
  return printedBy(script, "SOURCE ", { TEST_DATABASE_URL: "" });
}

test("a command of the command line loads what it runs: never the web server, and --version not even the database", async () => {
  const dir = mkdtempSync(join(tmpdir(), "layerlift-cli-start-"));
  try {
    const db = join(dir, "cli.db");
    expect(await sourceLoadedByCli(["migrate", "--db", db])).not.toContain("server.ts");
    const keys = await sourceLoadedByCli(["keys", "list", "--db", db]);
    expect(keys).toContain("features/product-keys/service.ts");
    for (const other of ["server.ts", "app.ts", "features/backups/service.ts", "features/reminders/service.ts"])
      expect(keys).not.toContain(other);
    const version = await sourceLoadedByCli(["--version"]);
    expect(version).not.toContain("db/index.ts");
    expect(version).not.toContain("server.ts");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
