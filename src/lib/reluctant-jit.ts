/**
 * Work the server does once and keeps the result of (rendering a page, which is then served from memory)
 * gains nothing from machine code, yet React's renderer runs its functions often enough in one page for
 * JavaScriptCore to compile them, and that code and its compiler's data stay in memory for good. So that
 * work runs with the JIT's tier-up thresholds multiplied by RELUCTANT_JIT_POLICY: it stays interpreted.
 * Measured on the executable (docs/performance.md#the-executables-memory): about 2 MB less RSS after the
 * first page. Requests served meanwhile run under the same policy for those few milliseconds; their hot code
 * still gets compiled, only a little later.
 */
export const RELUCTANT_JIT_POLICY = 100;
/** JavaScriptCore's own thresholds, which the server runs with once it listens (src/server.ts). */
export const NORMAL_JIT_POLICY = 1;

let running = 0;

/** Runs `work` with the JIT reluctant; the normal policy comes back when no such work is left running. */
export async function withReluctantJit<T>(work: () => Promise<T>): Promise<T> {
  if (running++ === 0) Bun.unsafe.setJITPolicy(RELUCTANT_JIT_POLICY);
  try {
    return await work();
  } finally {
    if (--running === 0) Bun.unsafe.setJITPolicy(NORMAL_JIT_POLICY);
  }
}
