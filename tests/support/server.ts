/** A real listening server on 127.0.0.1 with a temp database, for browser and provider tests. */
import type { AppDeps } from "../../src/deps";
import { startServer } from "../../src/server";
import { makeTestDeps } from "./app";
import type { FakeClock } from "./fake-clock";

export interface TestServer {
  url: string;
  deps: AppDeps;
  clock: FakeClock;
  stop: () => Promise<void>;
}

export async function startTestServer(options: Parameters<typeof makeTestDeps>[0] = {}): Promise<TestServer> {
  const { deps, clock, cleanup } = makeTestDeps(options);
  const server = startServer(deps, 0, "127.0.0.1");
  return {
    url: server.url,
    deps,
    clock,
    stop: async () => {
      await server.stop();
      cleanup();
    },
  };
}

/** POSTs JSON to a test server, signed in with `token` when given; answers the JSON, and throws with the server's text on anything but 2xx. */
export async function postJson<T>(
  server: Pick<TestServer, "url">,
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
