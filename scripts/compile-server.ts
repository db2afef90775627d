/**
 * The server compiled into one executable, as `npm run build` makes dist/layerlift: minified, with
 * bytecode, embedding the pre-built SPA in dist/web. `npm run bench -- memory` compiles its probe
 * (scripts/memory-probe.ts) the same way. docs/performance.md#the-executables-memory has what each
 * option below saves.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WORKER_FILES } from "../src/lib/worker-file";

/** Where the build keeps the bytecode order it recorded (see `recordBytecodeOrder`). */
export const BYTECODE_ORDER = "dist/bytecode.order";

/**
 * JavaScriptCore's tier-up thresholds, multiplied, until the server listens (src/server.ts sets the
 * serving policy): code that runs once at start stays interpreted, and its machine code is never made.
 */
const START_JIT_POLICY = 8;

export async function compileServer(root: string, entry: string, outfile: string, bytecodeOrder?: string) {
  process.chdir(root); // compile.assets paths are relative to the working directory
  const result = await Bun.build({
    // A worker's file is an entry of its own: the executable runs it from inside itself, never from disk.
    entrypoints: [join(root, entry), ...WORKER_FILES.map((file) => join(root, "src", file))],
    compile: {
      outfile,
      assets: ["./dist/web"],
      autoloadBunfig: false,
      autoloadDotenv: false,
      bytecodeOrder,
      jitPolicy: START_JIT_POLICY,
    },
    minify: true,
    bytecode: true,
    // Packages' ESM builds for bundlers, which tree-shaking can cut: lucide-react's default (CommonJS) build
    // is one file that made all of its ~1,600 icons when the first page was rendered (7 MB of RSS).
    conditions: ["module"],
    // Only the in-repo SPA bundler needs the Tailwind plugin; the executable serves the pre-built dist/web.
    external: ["bun-plugin-tailwind"],
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error(`${entry} failed to compile`);
  }
}

/**
 * Runs `executable` as an operator's first visitor meets it (it starts on an empty database and serves
 * its health check and home page) and records which functions that used, into `orderFile`. Compiled
 * again with that order, the executable keeps the bytecode it needs at start together at the front,
 * so it reads fewer of its own pages (Bun's profile-guided bytecode layout).
 */
export async function recordBytecodeOrder(executable: string, orderFile: string) {
  const dir = mkdtempSync(join(tmpdir(), "layerlift-order-"));
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  const child = Bun.spawn([executable], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      DATABASE_PATH: join(dir, "layerlift.db"),
      SEED_DEV_ADMIN: "0",
      LOG_LEVEL: "warn",
      BUN_BYTECODE_ORDER_OUT: orderFile,
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {}
      if (i > 1500) throw new Error("the executable did not start while recording its bytecode order");
      await Bun.sleep(20);
    }
    for (const path of ["/", "/api/health"]) {
      const response = await fetch(base + path);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status} while recording the bytecode order`);
    }
  } finally {
    child.kill("SIGTERM");
    await child.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}
