/** Shared set-up for the dashboard browser tests: a server with a fake Roblox service, users made through the API. */
import { expect } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { makeKey } from "../support/app";
import { DESKTOP, launchBrowser, openPage } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { robloxEnv, startFakeRoblox, type FakeRoblox } from "../support/fake-roblox";
import type { AuthResponse } from "../../src/shared/api-types";
import type { PlanId } from "../../src/shared/plans";

export interface DashboardEnv {
  server: TestServer;
  browser: Browser;
  fake: FakeRoblox;
  pages: Page[];
}

export async function startDashboardEnv(): Promise<DashboardEnv> {
  const fake = startFakeRoblox();
  const server = await startTestServer({ env: robloxEnv(fake) });
  const browser = await launchBrowser();
  await fetch(`${server.url}/`); // the SPA is bundled on first use
  return { server, browser, fake, pages: [] };
}

export async function stopDashboardEnv(env: DashboardEnv | undefined) {
  await env?.browser.close();
  await env?.server.stop();
  env?.fake.stop();
}

export async function closePages(env: DashboardEnv) {
  await Promise.all(env.pages.splice(0).map((page) => page.context().close()));
}

export async function newPage(env: DashboardEnv, viewport = DESKTOP): Promise<Page> {
  const page = await openPage(env.browser, env.server.url, viewport);
  env.pages.push(page);
  return page;
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
  const answer = await api<AuthResponse>(env, "POST", "/api/auth/signup",
    { email, password, confirmPassword: password, productKey: makeKey(env.server.deps, plan) });
  expect(answer.status).toBe(200);
  return { email, password, token: answer.body.token, userId: answer.body.user.id };
}

/** A user whose plugin key has been validated from Roblox account `robloxUserId`. */
export async function signUpLinked(env: DashboardEnv, robloxUserId = "123") {
  const user = await signUp(env);
  const key = (await api(env, "POST", "/api/figma/generate-key", {}, user.token)).body.figmaKey as string;
  expect((await api(env, "POST", "/api/plugin/validate", { key, robloxUserId })).status).toBe(200);
  return { ...user, figmaKey: key };
}

/** The toast region's text (Radix also announces toasts in a hidden copy, which this skips). */
export function toastText(page: Page, text: string) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
}

export async function openTab(page: Page, name: "Overview" | "Subscription" | "Plugin" | "Settings") {
  await page.getByRole("tab", { name }).click();
  await page.getByRole("tabpanel", { name }).waitFor();
}
