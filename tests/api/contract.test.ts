/**
 * The API's contract: every /api route declares what it answers, the OpenAPI document made from those
 * declarations is valid and lists every route, and an answer that breaks its declaration never leaves.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { t } from "elysia";
import { createApp } from "../../src/app";
import { api, call, makeTestApp, type TestContext } from "../support/app";
import { contractProblems, routeResponses } from "../support/contract";

let ctx: TestContext;
beforeAll(() => {
  ctx = makeTestApp();
});
afterAll(() => ctx.cleanup());

const apiRoutes = () => ctx.app.routes.filter((route) => route.path.startsWith("/api/"));
/** The unknown-path fallbacks (/api/*) answer 404 for any path; they are not endpoints. */
const endpoints = () => apiRoutes().filter((route) => !route.path.endsWith("*"));
const openApiPath = (path: string) => path.replace(/:([^/]+)/g, "{$1}");

describe("route declarations", () => {
  test("every /api route declares its answers, a success among them", () => {
    const undeclared = apiRoutes()
      .filter(
        (route) =>
          !Object.keys(routeResponses(route)).some((status) => Number(status) < 400 || route.path.endsWith("*")),
      )
      .map((route) => `${route.method} ${route.path}`);
    expect(undeclared).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(40);
  });

  test("every route that validates input also declares the 422 it answers", () => {
    const missing = apiRoutes()
      .filter((route) => route.hooks.body || route.hooks.query || route.hooks.params)
      .filter((route) => !(422 in routeResponses(route)) && !(route.hooks.parse as unknown[] | undefined)?.length)
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
  });
});

describe("the OpenAPI document", () => {
  let document: any;
  beforeAll(async () => {
    document = (await api(ctx.app).api["openapi.json"].get()).data;
  });

  test("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(document);
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2));
    expect(result.valid).toBe(true);
  });

  test("lists every route of the app, with the answers it declares", () => {
    const missing: string[] = [];
    for (const route of endpoints()) {
      if (route.method === "OPTIONS") continue; // the plugin's CORS preflight, described in the plugin document
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(`${route.method} ${route.path}`);
        continue;
      }
      expect(Object.keys(operation.responses).sort()).toEqual(Object.keys(routeResponses(route)).sort());
    }
    expect(missing).toEqual([]);
  });

  test("declares bearer auth and applies it to signed-in and admin routes", () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.paths["/api/auth/me"].get.security).toEqual([{ bearer: [] }]);
    expect(document.paths["/api/admin/overview"].get.security).toEqual([{ bearer: [] }]);
    expect(document.paths["/api/plugin/validate"].post.security).toBeUndefined();
  });

  test("the plugin document is valid and is the whole document's validate operation", async () => {
    const plugin: any = (await api(ctx.app).api.plugin["openapi.json"].get()).data;
    expect((await new Validator().validate(plugin)).valid).toBe(true);
    expect(plugin.paths["/api/plugin/validate"].post.responses).toEqual(
      document.paths["/api/plugin/validate"].post.responses,
    );
  });
});

describe("answers are checked against their declarations", () => {
  test("an answer that does not match its route's schema is a 500, and never reaches the client", async () => {
    const broken = createApp(ctx.deps).get("/api/broken", () => ({ count: "three" }) as unknown as { count: number }, {
      response: { 200: t.Object({ count: t.Number() }) },
    });
    const answer = await call(broken, "GET", "/api/broken");
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ error: "INTERNAL", message: "Something went wrong on our side. Please try again." });
  });

  test("the tests' own check catches an undeclared status and a body off its schema", async () => {
    const me = (body: unknown, status: number) =>
      contractProblems(ctx.app.routes, new Request("http://localhost/api/auth/me"), Response.json(body, { status }));
    expect(await me({ error: "UNAUTHORIZED", message: "Your session has ended. Please sign in again." }, 401)).toEqual(
      [],
    );
    expect(await me({ error: "CONFLICT", message: "No." }, 409)).toEqual([
      "GET /api/auth/me → 409: GET /api/auth/me does not declare status 409",
    ]);
    expect((await me({ user: { id: "1" }, subscription: null }, 200)).length).toBeGreaterThan(0);
    expect(await me({ message: "no code" }, 401)).not.toEqual([]);
  });
});
