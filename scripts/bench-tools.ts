/** What the bench's parts share: where the repo is, how to start a server, wait for it and call it. */
import { join } from "node:path";

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

/** A port nothing answers on yet, so the bench never measures a stray server. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 40_000 + Math.floor(Math.random() * 20_000);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
    } catch {
      return port;
    }
  }
}

/** An account signed up with `productKey`, its plugin key, and the body validation is called with (called once). */
export async function signUpForValidation(base: string, productKey: string) {
  const session = await json(`${base}/api/auth/signup`, {
    method: "POST",
    body: JSON.stringify({
      email: "bench@example.com",
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
