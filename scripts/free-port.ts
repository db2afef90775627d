/**
 * A TCP port for a server started as a process of its own (a test's server, the test run's PostgreSQL, the
 * Lighthouse run's site): free now, and outside the range the kernel hands out by itself.
 *
 * A port the kernel chose for `port: 0` and released can be handed out again at once, to another server asking
 * for any port or as the local end of an outgoing connection (every fetch, every PostgreSQL connection, every
 * page Chromium loads uses one). A child that takes seconds to start on a busy machine then finds its port taken
 * and exits, or, worse, the caller reaches the other server that took it. Below the kernel's ephemeral range only
 * an explicit pick takes a port: each process walks that space from its own random place, and every pick is
 * checked by listening on it.
 */
import { readFileSync } from "node:fs";

/** Below the usual registered services' ports, above which nothing else here picks ports. */
export const PICKED_PORTS_FROM = 10_000;
/** Fewer ports than this below the ephemeral range: pick as the kernel does instead. */
const FEWEST_PORTS = 2_000;

/** The first port of the kernel's ephemeral range (Linux: /proc; 32768 elsewhere, Linux's own default). */
export function ephemeralPortsFrom(): number {
  try {
    const [first] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
    if (Number.isInteger(first) && first > 0) return first;
  } catch {}
  return 32_768;
}

const pickedPortsTo = ephemeralPortsFrom();
const span = pickedPortsTo - PICKED_PORTS_FROM;
let next = Math.floor(Math.random() * Math.max(span, 1));

/** Whether nothing listens on `port` (any address) and nothing uses it as the local end of a connection. */
function canListen(port: number): boolean {
  try {
    Bun.listen({ hostname: "0.0.0.0", port, exclusive: true, socket: { data() {} } }).stop(true);
    return true;
  } catch {
    return false;
  }
}

function kernelPort(): number {
  const probe = Bun.listen({ hostname: "0.0.0.0", port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
}

/** A port nothing uses now, below the kernel's ephemeral range where there is room for it there. */
export function freePort(): number {
  if (span < FEWEST_PORTS) return kernelPort();
  for (let tried = 0; tried < span; tried++) {
    const port = PICKED_PORTS_FROM + (next++ % span);
    if (canListen(port)) return port;
  }
  return kernelPort();
}
