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
/**
 * The policy the server serves with (src/server.ts sets it once it listens): thresholds 4 times
 * JavaScriptCore's own. Code that runs now and then (the background rounds' timers, a health check) stays
 * interpreted, where with JavaScriptCore's own thresholds an idle server compiled it within seconds of
 * starting: 1.7-2.3 MB of RSS for good. Code that requests run is hot enough to be compiled all the same,
 * within the first few thousand requests (docs/performance.md#the-executables-memory).
 */
export const SERVING_JIT_POLICY = 4;

let running = 0;

/** Runs `work` with the JIT reluctant; the serving policy comes back when no such work is left running. */
export async function withReluctantJit<T>(work: () => Promise<T>): Promise<T> {
  if (running++ === 0) Bun.unsafe.setJITPolicy(RELUCTANT_JIT_POLICY);
  try {
    return await work();
  } finally {
    if (--running === 0) Bun.unsafe.setJITPolicy(SERVING_JIT_POLICY);
  }
}
