/**
 * Checks an answer of the app against what its route declares: the status must be one the route
 * declares (or 413/500, which any route may answer) and the body must match that status's schema.
 * Every API test call goes through this, so the declarations (and the OpenAPI document made from
 * them) stay true.
 */
import { TypeCompiler, type TypeCheck } from "elysia/type-system";
import type { TSchema } from "@sinclair/typebox";
import { ApiError } from "../../src/shared/api/common";

interface RouteLike {
  method: string;
  path: string;
  hooks: { response?: unknown; standaloneValidator?: { response?: unknown }[] };
}

const checks = new WeakMap<object, TypeCheck<TSchema>>();
const check = (schema: TSchema) => {
  let compiled = checks.get(schema);
  if (!compiled) {
    compiled = TypeCompiler.Compile(schema);
    checks.set(schema, compiled);
  }
  return compiled;
};

/** What a route declares, by status: its own `response` and what its guard (a macro) adds. */
export function routeResponses(route: RouteLike): Record<string, TSchema> {
  const merged: Record<string, TSchema> = {};
  for (const part of [...(route.hooks.standaloneValidator ?? []).map((v) => v.response), route.hooks.response]) {
    if (part && typeof part === "object") Object.assign(merged, part);
  }
  return merged;
}

/** Any route may answer these: a body over the limit, or a failure on our side. */
const APP_WIDE = { 413: ApiError, 500: ApiError } as Record<number, TSchema>;

const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/:[^/]+/g, "[^/]+")
      .replace(/\*$/, ".*")}/?$`,
  );

/** The route that answered: the most specific one matching method and path, as the router picks. */
function findRoute(routes: readonly RouteLike[], method: string, path: string): RouteLike | undefined {
  const candidates = routes.filter(
    (route) => (route.method === method || route.method === "ALL") && patternOf(route.path).test(path),
  );
  const rank = (route: RouteLike) =>
    (route.path.endsWith("*") ? 2 : route.path.includes(":") ? 1 : 0) + (route.method === "ALL" ? 0.5 : 0);
  return candidates.sort((a, b) => rank(a) - rank(b))[0];
}

/** A sentence for each way the answer breaks its route's declaration; empty when it keeps it. */
export async function contractProblems(
  routes: readonly RouteLike[],
  request: Request,
  response: Response,
): Promise<string[]> {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith("/api/")) return [];
  const name = `${request.method} ${pathname} → ${response.status}`;
  const route = findRoute(routes, request.method, pathname);
  if (!route) return [`${name}: no route declares this path`];
  const schema = routeResponses(route)[response.status] ?? APP_WIDE[response.status];
  if (!schema) return [`${name}: ${route.method} ${route.path} does not declare status ${response.status}`];
  const text = await response.clone().text();
  let body: unknown = text;
  if (response.headers.get("content-type")?.includes("json")) {
    try {
      body = JSON.parse(text);
    } catch {
      return [`${name}: the body is not JSON`];
    }
  }
  const checked = check(schema);
  if (checked.Check(body)) return [];
  return [...checked.Errors(body)].slice(0, 3).map((error) => `${name}: ${error.path || "body"} ${error.message}`);
}
