/** Shared set-up for the dashboard browser tests: a server with a fake Roblox service, users made through the API. */
import { afterAll, beforeAll, expect } from "bun:test";
import type { Page } from "playwright-core";
import { makeKey } from "../support/app";
import { DESKTOP } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import type { TestServer } from "../support/server";
import { robloxEnv, startFakeRoblox, type FakeRoblox } from "../support/fake-roblox";
import type { AuthResponse } from "../../src/shared/api-types";
import type { PlanId } from "../../src/shared/plans";

export interface DashboardEnv {
  readonly server: TestServer;
  readonly fake: FakeRoblox;
  /** A page on the server, closed after the test. */
  page(viewport?: typeof DESKTOP): Promise<Page>;
}

/** Call at the top level of a test file: registers the hooks that start and stop the fake, server and browser. */
export function dashboardSuite(): DashboardEnv {
  let fake: FakeRoblox | undefined;
  const startedFake = () => {
    if (!fake) throw new Error("the fake Roblox service starts in beforeAll; use it inside hooks and tests");
    return fake;
  };
  beforeAll(() => {
    fake = startFakeRoblox();
  });
  const suite = browserSuite(() => ({ env: robloxEnv(startedFake()) }));
  afterAll(() => fake?.stop());
  return {
    get server() {
      return suite.server;
    },
    get fake() {
      return startedFake();
    },
    page: (viewport) => suite.page(viewport),
  };
}

export function newPage(env: DashboardEnv, viewport = DESKTOP): Promise<Page> {
  return env.page(viewport);
}

export async function api<T = any>(env: DashboardEnv, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${env.server.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

let userCount = 0;
export async function signUp(env: DashboardEnv, plan: PlanId = "pro") {
  const email = `dash${++userCount}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "correct horse";
  const answer = await api<AuthResponse>(env, "POST", "/api/auth/signup", {
    email,
    password,
    confirmPassword: password,
    productKey: await makeKey(env.server.deps, plan),
  });
  expect(answer.status).toBe(200);
  return { email, password, token: answer.body.token, userId: answer.body.user.id };
}

/** A user whose plugin key has been validated from Roblox account `robloxUserId`. */
export async function signUpLinked(env: DashboardEnv, robloxUserId = "123") {
  const user = await signUp(env);
  const key = (await api(env, "POST", "/api/figma/generate-key", {}, user.token)).body.figmaKey as string;
  expect((await api(env, "POST", "/api/plugin/validate", { key, robloxUserId })).status).toBe(200);
  return { ...user, pluginKey: key };
}

/** The toast region's text (Radix also announces toasts in a hidden copy, which this skips). */
export function toastText(page: Page, text: string) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
}

export async function openTab(page: Page, name: "Overview" | "Subscription" | "Plugin" | "Settings") {
  await page.getByRole("tab", { name }).click();
  await page.getByRole("tabpanel", { name }).waitFor();
}
