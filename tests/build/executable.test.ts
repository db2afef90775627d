/**
 * The operator's path: `npm run build`, copy dist/layerlift alone into an empty folder, run it with
 * PORT and DATABASE_PATH. It must serve the SPA and the API with nothing else beside it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync, rmSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeS3 } from "../support/fake-s3";
import { freePort } from "../support/ports";
import { waitHealthy } from "../support/health";
import { waitFor } from "../support/serve-process";

const root = join(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "layerlift-bin-"));
const bin = join(dir, "layerlift");
const port = freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  PATH: "/usr/bin:/bin",
  PORT: String(port),
  DATABASE_PATH: join(dir, "data/layerlift.db"),
  SEED_DEV_ADMIN: "0",
  METRICS_TOKEN: "metrics-token-0123456789",
};
let server: ReturnType<typeof Bun.spawn> | null = null;

beforeAll(async () => {
  const build = Bun.spawnSync([process.execPath, "scripts/build.ts"], { cwd: root, stdout: "pipe", stderr: "pipe" });
  if (build.exitCode !== 0) throw new Error(`build failed:\n${build.stderr.toString()}`);
  copyFileSync(join(root, "dist/layerlift"), bin);
  Bun.spawnSync(["chmod", "+x", bin]);
  server = Bun.spawn([bin], { cwd: dir, env, stdout: Bun.file(join(dir, "server.log")), stderr: "pipe" });
  // Two minutes is a start that never comes, not a slow one on a busy machine.
  await waitHealthy(base, { process: server, ms: 120_000 });
  // The build compiles twice; beside the other test workers on a busy machine that takes minutes.
}, 420_000);

afterAll(async () => {
  server?.kill();
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
});

describe("the executable, alone in an empty folder", () => {
  test("the folder holds only the executable, the database it created (and the log this test keeps)", () => {
    expect(readdirSync(dir).sort()).toEqual(["data", "layerlift", "server.log"]);
  });

  test("serves the SPA on / and on deep links, and JSON 404 for unknown API paths", async () => {
    for (const path of ["/", "/dashboard", "/docs/lock"]) {
      const response = await fetch(base + path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(await response.text()).toMatch(/<div id="root"(?: data-shell)?>/);
    }
    // The signed-in screens' frame, and their code named in <head> from the chunk manifest built in.
    const dashboard = await (await fetch(`${base}/dashboard`)).text();
    expect(dashboard).toContain('<div id="root" data-shell>');
    expect(dashboard).toMatch(/<link rel="modulepreload" href="\/assets\/[^"]+\.js">/);
    expect((await fetch(`${base}/no-such-page`)).status).toBe(404);
    const missing = await fetch(`${base}/api/nope`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toBe("NOT_FOUND");
  });

  test("public pages arrive rendered: curl of / and /docs/lock shows their heading and text", async () => {
    const text = (html: string) =>
      html
        .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, " ")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ");
    const home = await (await fetch(`${base}/`)).text();
    expect(home).toMatch(/<h1[^>]*>Import Figma Designs into <span[^>]*>Roblox UI<\/span><\/h1>/);
    expect(text(home)).toContain("Ready to Transform Your Workflow?");
    const lock = await (await fetch(`${base}/docs/lock`)).text();
    expect(lock).toMatch(/<h1[^>]*>Aspect Ratio Constraint Tag<\/h1>/);
    expect(text(lock)).toContain("FitWithinMaxSize");
    expect(lock).toContain("<title>_lock Aspect Ratio Constraint Tag | Layerlift</title>");
    expect(lock).toContain('<link rel="canonical" href="http://localhost:');
  });

  test("the legal pages' shipped templates are inside it: /terms, /privacy, /refund-policy and /imprint arrive rendered", async () => {
    for (const [path, heading, text] of [
      ["/terms", "Terms of Service", "1. What you buy"],
      ["/privacy", "Privacy Policy", "What we store, and why"],
      ["/refund-policy", "Refund Policy", "How to ask"],
      ["/imprint", "Imprint", "[Not filled in yet: SELLER_ADDRESS]"],
    ]) {
      const html = await (await fetch(base + path)).text();
      expect(html).toContain(`<h1 class="mb-6 text-3xl font-bold tracking-tight sm:text-4xl">${heading}</h1>`);
      expect(html).toContain(text);
    }
  });

  test("robots.txt, sitemap.xml and the link-preview picture are served", async () => {
    expect(await (await fetch(`${base}/robots.txt`)).text()).toContain("Disallow: /admin");
    expect(await (await fetch(`${base}/sitemap.xml`)).text()).toContain("/docs/lock</loc>");
    const image = await fetch(`${base}/social-preview.png`);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  });

  test("hashed assets are pre-compressed and cached for a year", async () => {
    const html = await (await fetch(`${base}/`)).text();
    const entry = /<meta name="app-entry" content="(\/assets\/[^"]+\.js)">/.exec(html)![1];
    // The entry is a few lines (under the 512 bytes worth compressing); React DOM's chunk, which it imports, is not.
    const entryText = await (await fetch(base + entry)).text();
    const script = /\/assets\/client-[^"']+\.js/.exec(entryText)![0];
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(base + script, {
        headers: { "accept-encoding": encoding },
        decompress: false,
      } as RequestInit);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect((await fetch(`${base}/assets/missing-file.js`)).status).toBe(404);
  });

  test("describes its API: the OpenAPI document and the reference page with its script, all from inside it", async () => {
    const document = await fetch(`${base}/api/openapi.json`);
    expect(document.status).toBe(200);
    const body = await document.json();
    expect(body.openapi).toBe("3.1.0");
    expect(body.paths["/api/plugin/validate"].post.responses["409"]).toBeDefined();
    expect((await fetch(`${base}/api/plugin/openapi.json`)).status).toBe(200);
    const page = await fetch(`${base}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /src="(\/api\/docs\/scalar-[^"]+\.js)"/.exec(html)![1];
    const reference = await fetch(base + script);
    expect(reference.status).toBe(200);
    expect(reference.headers.get("content-type")).toContain("javascript");
    const referenceScript = await reference.text();
    expect(referenceScript).toContain("createApiReference");
    expect(referenceScript).not.toContain("class:`response-card`,role:`region`"); // patched as in development (scalar-patch.ts)
    expect(await (await fetch(`${base}/api/docs/start.js`)).text()).toContain('"/api/openapi.json"');
  });

  test("logs JSON lines, answers X-Request-Id, serves /metrics, and `layerlift health` checks it", async () => {
    const answer = await fetch(`${base}/api/health`);
    expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: "Bearer metrics-token-0123456789" } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain(
      'http_requests_total{method="GET",route="/api/health",status="200",app="layerlift"}',
    );
    const health = Bun.spawnSync([bin, "health"], { cwd: dir, env });
    expect(health.exitCode).toBe(0);
    expect(health.stdout.toString()).toStartWith('200 {"ok":true,"status":"ok"');
    // Request lines are buffered for up to a second; a busy machine may write them later still.
    const logged = async () =>
      (await Bun.file(join(dir, "server.log")).text())
        .split("\n")
        .slice(0, -1) // whole lines only: the last may be still being written
        .map((line) => JSON.parse(line))
        .find((line) => line.msg === "request" && line.route === "/api/health");
    await waitFor(async () => (await logged()) !== undefined, 15_000, "the request line of /api/health in server.log");
    expect(await logged()).toMatchObject({
      level: "info",
      method: "GET",
      status: 200,
    });
    const elsewhere = Bun.spawnSync([bin, "health", "--url", "http://127.0.0.1:9"], { cwd: dir, env });
    expect(elsewhere.exitCode).toBe(1);
  });

  test("SIGTERM stops it gracefully: exit 0, the last lines written", async () => {
    const other = freePort();
    const second = Bun.spawn([bin], {
      cwd: dir,
      env: { ...env, PORT: String(other), DATABASE_PATH: join(dir, "data/second.db") },
      stdout: "pipe",
      stderr: "pipe",
    });
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${other}/api/health`)).ok) break;
      } catch {}
      await Bun.sleep(50);
    }
    second.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(await new Response(second.stdout).text()).toContain('"msg":"stopped"');
  });

  test("its own CLI makes a key that signs up through its API", async () => {
    const keys = Bun.spawnSync([bin, "keys", "generate", "--plan", "pro", "--count", "1"], { cwd: dir, env });
    expect(keys.exitCode).toBe(0);
    const key = keys.stdout.toString().trim();
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "ops@example.com",
        password: "long enough",
        confirmPassword: "long enough",
        productKey: key,
      }),
    });
    expect(signup.status).toBe(200);
    const { token } = await signup.json();
    const me = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me.json()).subscription.plan).toBe("pro");
  });
});

describe("off-site backups from the executable", () => {
  test("the scheduled backup runs in its worker thread, from inside the executable, and reaches the storage", async () => {
    const storage = startFakeS3();
    const other = freePort();
    const backups = Bun.spawn([bin], {
      cwd: dir,
      env: {
        ...env,
        ...storage.env,
        PORT: String(other),
        DATABASE_PATH: join(dir, "data/backed-up.db"),
        BACKUP_URL: `s3://${storage.bucket}/site`,
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    try {
      // A server with BACKUP_URL makes its first backup at once.
      for (let i = 0; i < 400 && storage.keys("site/").length === 0; i++) await Bun.sleep(50);
      expect(storage.keys("site/")).toHaveLength(1);
    } finally {
      backups.kill("SIGTERM");
      await backups.exited;
      storage.stop();
    }
    expect(await new Response(backups.stdout).text()).not.toContain("scheduled backup failed");
  }, 60_000);
});

describe("invoices from the executable", () => {
  test("a demo purchase's invoice is drawn as a PDF inside it (pdf-lib needs nothing beside it)", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const { clientSecret } = await (
      await post("/api/create-payment-intent", { plan: "month", email: "invoice@example.com" })
    ).json();
    expect((await post("/api/payment/demo/confirm", { clientSecret })).status).toBe(200);
    const { Database } = await import("bun:sqlite");
    const db = new Database(env.DATABASE_PATH, { readonly: true });
    const mail = db
      .query("select payload from emails where \"to\" = 'invoice@example.com' and template = 'product-key'")
      .get() as { payload: string };
    db.close();
    const url = new URL(JSON.parse(mail.payload).invoiceUrl);
    const pdf = await fetch(`${base}${url.pathname}${url.search}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const file = join(dir, "invoice.pdf");
    await Bun.write(file, await pdf.arrayBuffer());
    const text = Bun.spawnSync(["pdftotext", file, "-"]).stdout.toString();
    expect(text).toContain("Invoice");
    expect(text).toContain("invoice@example.com");
    expect(text).toMatch(/LL-\d{4}-000001/);
  });
});
