import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { clientIp } from "../../lib/client-ip";
import { authGuard } from "../auth/guard";
import { generatePluginKey, getLinkedAccount, resetLinkedAccount } from "./service";
import { limitValidation, parseValidateBody, validatePluginKey } from "./validate";
import { pluginDocsPage, pluginOpenApi } from "./openapi";

/** CORS is open on the plugin API only (DESIGN.md §4); the rest of /api stays same-origin. */
export const PLUGIN_CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

const isPluginPath = (url: string) => new URL(url).pathname.startsWith("/api/plugin/");

export function pluginRoutes(deps: AppDeps) {
  const openApi = JSON.stringify(pluginOpenApi(deps.config.appUrl));
  const docsPage = pluginDocsPage(deps.config.appUrl);
  return new Elysia()
    .use(authGuard(deps))
    // Set before routing, so error answers (which keep these headers) are readable cross-origin too.
    .onRequest(({ request, set }) => {
      if (isPluginPath(request.url)) Object.assign(set.headers, PLUGIN_CORS_HEADERS);
    })
    .options("/api/plugin/*", ({ set }) => {
      set.status = 204;
      return "";
    })
    .post("/api/plugin/validate", ({ body, request, server }) => {
      const input = parseValidateBody(body as string);
      limitValidation(deps, clientIp(deps, request, server), input.key);
      return validatePluginKey(deps, input.key, input.robloxUserId);
    }, { parse: "text" })
    .get("/api/plugin/openapi.json", () =>
      new Response(openApi, { headers: { "Content-Type": "application/json; charset=utf-8", ...PLUGIN_CORS_HEADERS } }))
    .get("/api/plugin/docs", () =>
      new Response(docsPage, { headers: { "Content-Type": "text/html; charset=utf-8" } }))
    .post("/api/figma/generate-key", ({ user }) => generatePluginKey(deps, user.id), { signedIn: true })
    .get("/api/figma/linked-account", ({ user }) => getLinkedAccount(deps, user.id), { signedIn: true })
    .post("/api/figma/reset-linked-account", ({ user }) =>
      resetLinkedAccount(deps, user.id, { actorUserId: user.id, ignoreCooldown: false }), { signedIn: true });
}
