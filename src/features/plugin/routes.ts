import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { clientIp } from "../../lib/client-ip";
import { failures } from "../../shared/api/common";
import { authGuard } from "../auth/guard";
import { PluginModel } from "../../shared/api/plugin";
import { generatePluginKey, getLinkedAccount, resetLinkedAccount } from "./service";
import { limitValidation, parseValidateBody, validatePluginKey } from "./validate";
import { pluginDocsPage, VALIDATE_REQUEST_EXAMPLE, validateResponses } from "./documentation";

/** CORS is open on the plugin API only (DESIGN.md §4); the rest of /api stays same-origin. */
export const PLUGIN_CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

/**
 * Whether a request's URL is under /api/plugin/ (without parsing it: this runs on every request). The
 * app's one request hook sets the CORS headers on those, before routing, so error answers (which keep
 * these headers) are readable cross-origin too.
 */
export const isPluginPath = (url: string) => url.startsWith("/api/plugin/", url.indexOf("/", url.indexOf("//") + 2));

export function pluginRoutes(deps: AppDeps) {
  const docsPage = pluginDocsPage(deps.config.appUrl);
  return new Elysia()
    .use(authGuard(deps))
    .options("/api/plugin/*", ({ set }) => {
      set.status = 204;
      return "";
    }, { response: { 204: t.Literal("") } })
    // The body is parsed here rather than by Elysia, so that broken JSON also answers in the plugin's shape.
    .post("/api/plugin/validate", ({ body, request, server }) => {
      const input = parseValidateBody(body as string);
      limitValidation(deps, clientIp(deps, request, server), input.key);
      return validatePluginKey(deps, input.key, input.robloxUserId);
    }, {
      parse: "text",
      response: validateResponses(),
      detail: {
        summary: "Validate a plugin key for a Roblox user",
        tags: ["Plugin"],
        requestBody: {
          required: true,
          // A TypeBox schema is JSON Schema already; the OpenAPI types just don't know it.
          content: { "application/json": { schema: PluginModel.validateBody as unknown as { type: "object" }, example: VALIDATE_REQUEST_EXAMPLE } },
        },
      },
    })
    .get("/api/plugin/docs", () => new Response(docsPage, { headers: { "Content-Type": "text/html; charset=utf-8" } }),
      { response: { 200: t.String({ description: "The plugin authors' reference as an HTML page" }) }, detail: { tags: ["Plugin"], summary: "The plugin API's reference page" } })
    .post("/api/figma/generate-key", ({ user }) => generatePluginKey(deps, user.id),
      {
        signedIn: true, response: { 200: PluginModel.generatedKey, ...failures(404) },
        detail: { tags: ["Account"], summary: "Generate a plugin key", description: "A new key replaces the old one, which stops working at once." },
      })
    .get("/api/figma/linked-account", ({ user }) => getLinkedAccount(deps, user.id),
      {
        signedIn: true, response: { 200: PluginModel.linkedAccount, ...failures(404) },
        detail: { tags: ["Account"], summary: "The Roblox account linked to the plugin key", description: "Linked by the plugin's first successful validation; null until then." },
      })
    .post("/api/figma/reset-linked-account", ({ user }) =>
      resetLinkedAccount(deps, user.id, { actorUserId: user.id, ignoreCooldown: false }),
    {
      signedIn: true, response: { 200: PluginModel.unlinked, ...failures(404), 429: PluginModel.cooldown },
      detail: {
        tags: ["Account"], summary: "Unlink the Roblox account",
        description: "The next successful validation links a new one. Resets are limited by a cooldown: within it the answer is 429 COOLDOWN_ACTIVE with `remainingMs`.",
      },
    });
}
