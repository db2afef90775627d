/**
 * What `npm run bench -- memory` reads from a running executable: its RSS split by what holds it, the
 * peak of a call, and a server to read it from. Linux only (/proc).
 */
import { readFileSync, writeFileSync } from "node:fs";

const mb = (kb: number) => kb / 1024;

/** RSS in MB, by what holds it. */
export interface Rss {
  rss: number;
  /** The executable's machine code and read-only data (file-backed: the kernel can drop and re-read them). */
  code: number;
  /** The executable's writable sections read so far: mostly the bundled JavaScript and its bytecode (file-backed). */
  bundle: number;
  /** Shared libraries (file-backed). */
  libs: number;
  /** Machine code the JIT made (anonymous). */
  jit: number;
  /** Everything else anonymous: the JS heap, and what is allocated outside it. */
  heaps: number;
}

export const RSS_PARTS: { part: keyof Rss; says: string }[] = [
  { part: "code", says: "Bun's machine code and read-only data (pages of the executable)" },
  { part: "bundle", says: "the bundled JavaScript and its bytecode (pages of the executable)" },
  { part: "libs", says: "shared libraries (libc, libm…)" },
  { part: "jit", says: "machine code made by the JIT" },
  { part: "heaps", says: "heaps: the JavaScript heap and everything allocated outside it" },
];

/** From /proc/<pid>/smaps; `executable` is the path the process runs. */
export function rssOf(pid: number, executable: string): Rss {
  const out: Rss = { rss: 0, code: 0, bundle: 0, libs: 0, jit: 0, heaps: 0 };
  let perms = "";
  let path = "";
  let rss = 0;
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      [, perms, path] = mapping;
      continue;
    }
    const [name, value] = line.split(/\s+/);
    if (name === "Rss:") rss = mb(Number(value));
    if (name !== "Anonymous:") continue;
    const anon = mb(Number(value));
    out.rss += rss;
    if (path === executable) out[perms.includes("w") ? "bundle" : "code"] += rss - anon;
    else out.libs += rss - anon;
    out[perms.includes("x") ? "jit" : "heaps"] += anon;
  }
  return out;
}

/** Medians of each part. */
export function medianRss(readings: Rss[]): Rss {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const out = { ...readings[0] };
  for (const part of Object.keys(out) as (keyof Rss)[]) out[part] = median(readings.map((r) => r[part]));
  return out;
}

const statusField = (pid: number, field: string) =>
  mb(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0));

export const currentRss = (pid: number) => statusField(pid, "VmRSS");

/**
 * Runs `call` and answers the highest RSS the process reached meanwhile: the kernel's high-water mark,
 * reset first (clear_refs 5), or where that is refused, RSS sampled every 10 ms.
 */
export async function peakDuring(pid: number, call: () => Promise<unknown>): Promise<number> {
  let exact = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    exact = false;
  }
  let sampled = currentRss(pid);
  const sampler = exact ? null : setInterval(() => (sampled = Math.max(sampled, currentRss(pid))), 10);
  try {
    await call();
  } finally {
    if (sampler) clearInterval(sampler);
  }
  return exact ? statusField(pid, "VmHWM") : sampled;
}

export interface Running {
  pid: number;
  base: string;
  stop: () => Promise<void>;
}

/** Waits until the server at `base` answers /api/health (any status below 500); throws if `child` exits first. */
export async function untilHealthy(base: string, child: { exitCode: number | null }, limitMs: number) {
  const t0 = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).status < 500) return;
    } catch {}
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (performance.now() - t0 > limitMs) throw new Error(`the server did not answer within ${limitMs / 1000} s`);
    await Bun.sleep(10);
  }
}

/** Starts `bin` (in `cwd`, with only PATH and `env` for its environment) and waits for /api/health. */
export async function startServer(bin: string, cwd: string, port: number, env: Record<string, string>) {
  const child = Bun.spawn([bin], {
    cwd,
    env: { PATH: process.env.PATH ?? "", PORT: String(port), ...env },
    stdout: "ignore",
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  await untilHealthy(base, child, 60_000);
  const running: Running = {
    pid: child.pid,
    base,
    stop: async () => {
      child.kill();
      await child.exited;
    },
  };
  return running;
}

export async function get(base: string, path: string, token?: string) {
  const response = await fetch(base + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${path} → ${response.status}`);
  return body;
}
