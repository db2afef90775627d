/**
 * Waiting for a server a test started to come up: /api/health polled until it answers, for as long as a busy
 * shared machine may take to start one, and no longer than the server runs (a server that stopped at start fails
 * the wait at once, with what it printed).
 */

export interface HealthWait {
  /** The server's process: once it has exited, waiting is over. */
  process?: { readonly exitCode: number | null };
  /** How long to wait at most (a start that never comes, not a slow one): 60 s. */
  ms?: number;
  /** Headers for the request (the metrics token, say). */
  headers?: Record<string, string>;
  /** Which answer means up: a 2xx by default. */
  accept?: (answer: Response) => boolean;
}

const POLL_MS = 50;

/** Polls `base`/api/health until an answer is accepted; answers it, or undefined if the process stopped or time ran out. */
export async function pollHealth(base: string, options: HealthWait = {}): Promise<Response | undefined> {
  const { process: child, ms = 60_000, headers, accept = (answer: Response) => answer.ok } = options;
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && (child?.exitCode ?? null) === null) {
    const answer = await fetch(`${base}/api/health`, { headers }).catch(() => undefined);
    if (answer && accept(answer)) return answer;
    await answer?.arrayBuffer().catch(() => {});
    await Bun.sleep(POLL_MS);
  }
  return undefined;
}

/** A server a test started: where it listens, its process, and what it printed so far. */
export interface HealthTarget {
  name: string;
  url: string;
  process: { readonly exitCode: number | null; readonly exited: Promise<number> };
  output: string[];
  /** Settles once all of its output has been read (after it exited). */
  outputRead?: Promise<unknown>;
}

/**
 * Waits until a server answers on /api/health, and answers that answer; fails naming the server, with what it
 * printed, if it stops first or never answers. `target` is a server from `startServeProcess`
 * (tests/support/serve-process.ts) or a base URL; `options` may be the most milliseconds to wait.
 */
export async function waitHealthy(target: HealthTarget | string, options: number | HealthWait = {}): Promise<Response> {
  const wait = typeof options === "number" ? { ms: options } : options;
  const server = typeof target === "string" ? undefined : target;
  const base = server?.url ?? (target as string);
  const answer = await pollHealth(base, { process: server?.process, ...wait });
  if (answer) return answer;
  const name = server?.name ?? base;
  const stopped = server?.process.exitCode ?? wait.process?.exitCode ?? null;
  if (server) await server.outputRead;
  const printed = server ? `: ${server.output.join("")}` : "";
  if (stopped !== null) throw new Error(`${name} stopped at start (exit code ${stopped})${printed}`);
  throw new Error(`${name} never answered /api/health within ${(wait.ms ?? 60_000) / 1000} s${printed}`);
}
