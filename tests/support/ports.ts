/**
 * A TCP port nothing listens on now, chosen by the kernel. A random pick from a fixed range can land on a port
 * in use: the range overlaps the one the kernel hands out to outgoing connections (PostgreSQL's, the fakes').
 */
export function freePort(): number {
  const probe = Bun.listen({ hostname: "0.0.0.0", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}
