/**
 * The ports tests give the servers they start as processes of their own. A port the kernel chose and let go of can
 * be handed out again, to an outgoing connection or to another server, while such a server is still starting on a
 * busy machine: the server then exits, and the test may reach whatever took the port. Picked below the kernel's
 * ephemeral range, a port is taken only by another explicit pick.
 */
import { afterAll, expect, test } from "bun:test";
import { ephemeralPortsFrom, freePort, PICKED_PORTS_FROM } from "../../scripts/free-port";

const onLinux = process.platform === "linux";
const opened: { stop(closeActiveConnections?: boolean): unknown }[] = [];
afterAll(() => {
  for (const socket of opened) socket.stop(true);
});

test.if(onLinux)("a picked port lies below the range the kernel hands out by itself", () => {
  const ephemeral = ephemeralPortsFrom();
  expect(ephemeral).toBeGreaterThan(PICKED_PORTS_FROM);
  for (let i = 0; i < 50; i++) {
    const port = freePort();
    expect(port).toBeGreaterThanOrEqual(PICKED_PORTS_FROM);
    expect(port).toBeLessThan(ephemeral);
  }
});

test("a picked port can be listened on at once, and one in use is never picked", () => {
  const ports = new Set<number>();
  for (let i = 0; i < 20; i++) {
    const port = freePort();
    expect(ports.has(port)).toBe(false);
    // Held from here on: every later pick must step over it.
    opened.push(Bun.listen({ hostname: "0.0.0.0", port, exclusive: true, socket: { data() {} } }));
    ports.add(port);
  }
});

test("the local ends of outgoing connections never land on a picked port", async () => {
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("ok") });
  opened.push(server);
  const picked = freePort();
  const sockets = await Promise.all(
    Array.from({ length: 200 }, () =>
      Bun.connect({ hostname: "127.0.0.1", port: server.port!, socket: { data() {} } }),
    ),
  );
  try {
    expect(sockets.map((socket) => socket.localPort)).not.toContain(picked);
    if (onLinux) for (const socket of sockets) expect(socket.localPort).toBeGreaterThanOrEqual(ephemeralPortsFrom());
    // And the server the pick was for can still listen there.
    const late = Bun.serve({ hostname: "0.0.0.0", port: picked, reusePort: false, fetch: () => new Response("late") });
    opened.push(late);
    expect(await (await fetch(`http://127.0.0.1:${picked}/`)).text()).toBe("late");
  } finally {
    for (const socket of sockets) socket.end();
  }
});
