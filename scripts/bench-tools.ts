/** What the bench's parts share: where the repo is, how to start a server, wait for it and call it. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { freePort as pickFreePort } from "./free-port";

export const ROOT = join(import.meta.dir, "..");
export const BUN = process.execPath;
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function waitFor(url: string, timeoutMs = 15_000) {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).status < 500) return performance.now() - start;
    } catch {}
    await Bun.sleep(5);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function spawn(cmd: string[], env: Record<string, string>, cwd = ROOT) {
  return Bun.spawn(cmd, { cwd, env: { ...process.env, ...env }, stdout: "ignore", stderr: "inherit" });
}

export async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const r = await fetch(url, {
    ...init,
    headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
  });
  if (!r.ok) throw new Error(`${init.method ?? "GET"} ${url} → ${r.status} ${await r.text()}`);
  return r.json() as Promise<any>;
}

/** A port nothing uses yet, so the bench never measures a stray server (scripts/free-port.ts). */
export async function freePort(): Promise<number> {
  return pickFreePort();
}

/** An account signed up with `productKey`, its plugin key, and the body validation is called with (called once). */
export async function signUpForValidation(base: string, productKey: string, email = "bench@example.com") {
  const session = await json(`${base}/api/auth/signup`, {
    method: "POST",
    body: JSON.stringify({
      email,
      password: "bench password",
      confirmPassword: "bench password",
      productKey,
    }),
  });
  const plugin = await json(`${base}/api/figma/generate-key`, { method: "POST", token: session.token });
  const pluginKey = plugin.figmaKey ?? plugin.key ?? plugin.user?.figmaKey;
  const validateBody = JSON.stringify({ key: pluginKey, robloxUserId: "123456" });
  await json(`${base}/api/plugin/validate`, { method: "POST", body: validateBody });
  return { token: session.token as string, validateBody };
}

/** A process's fields from /proc/PID/stat after its name (Linux), or null when it is gone or this is not Linux. */
function statFields(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system) a process has used so far, in µs, from /proc (Linux); NaN elsewhere. With
 * `children`, also that of its children it has waited for (the PostgreSQL backends that have ended).
 */
export function cpuTimeUs(pid: number | undefined, children = false): number {
  const fields = pid === undefined ? null : statFields(pid);
  if (!fields) return NaN;
  const ticks = Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0);
  return ticks * (1_000_000 / 100); // clock ticks of 1/100 s
}

/** The PostgreSQL server listening on `port` (its postmaster), from /proc; undefined when not found. */
export function postmasterOf(port: number): number | undefined {
  for (const entry of existsSync("/proc") ? readdirSync("/proc") : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (args[0]?.endsWith("/postgres") && args.includes("-D") && args[args.indexOf("-p") + 1] === String(port))
        return Number(entry);
    } catch {}
  }
  return undefined;
}

/** CPU time the whole PostgreSQL server has used so far, in µs: its postmaster, live backends and ended ones. */
export function postgresCpuTimeUs(postmaster: number | undefined): number {
  if (postmaster === undefined) return NaN;
  let total = cpuTimeUs(postmaster, true);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields?.[1] === String(postmaster)) total += cpuTimeUs(Number(entry)) || 0;
  }
  return total;
}
