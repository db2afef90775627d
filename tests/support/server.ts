/** A real listening server on 127.0.0.1 with a temp database, for browser and provider tests. */
import type { AppDeps } from "../../src/deps";
import { startServer } from "../../src/server";
import { createOrPromoteAdmin } from "../../src/features/users/service";
import type { PlanId } from "../../src/shared/plans";
import { makeKey, makeTestDeps } from "./app";
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

/** Signs up `email` on a test server with a fresh key for `plan`, as the sign-up form does; answers the raw response. */
export async function signUpOn(server: TestServer, email: string, plan: PlanId = "pro"): Promise<Response> {
  const productKey = await makeKey(server.deps, plan);
  return fetch(`${server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email,
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey,
    }),
  });
}

/** Makes `email` an admin on a test server and signs in; answers the session token. */
export async function signInAdminOn(server: TestServer, email = "admin@example.com"): Promise<string> {
  await createOrPromoteAdmin(server.deps.db, { email, password: "admin password" }, server.deps.clock.now());
  return (await postJson<{ token: string }>(server, "/api/auth/login", { email, password: "admin password" })).token;
}
