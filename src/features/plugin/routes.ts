import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { requestIp } from "../observability/request-log";
import { PLUGIN_PREFLIGHT_HEADERS } from "../../http/security-headers";
import { failures } from "@shared/api/common";
import { authGuard } from "../../http/guard";
import { PluginModel } from "@shared/api/plugin";
import { generatePluginKey, getLinkedAccount, resetLinkedAccount } from "./service";
import { limitAndValidate, parseValidateBody } from "./validate";
import { pluginDocsPage, VALIDATE_REQUEST_EXAMPLE, validateResponses } from "./documentation";
import type { LeaseIssuer } from "../leases/issuer";

/**
 * CORS is open on the plugin API only (docs/architecture.md#plugin-key-and-validation); the rest of /api stays same-origin. Every answer
 * under /api/plugin/ gets `Access-Control-Allow-Origin` from the app's request hook (http/security-headers),
 * errors included; the preflight answer below adds the rest.
 */
export function pluginRoutes(deps: AppDeps, leases: LeaseIssuer) {
  const docsPage = pluginDocsPage(deps.config.appUrl, deps.config.leases);
  return (
    new Elysia()
      .use(authGuard(deps))
      .options(
        "/api/plugin/*",
        ({ set }) => {
          Object.assign(set.headers, PLUGIN_PREFLIGHT_HEADERS);
          set.status = 204;
          return "";
        },
        { response: { 204: t.Literal("") } },
      )
      // The body is parsed here rather than by Elysia, so that broken JSON also answers in the plugin's shape.
      .post(
        "/api/plugin/validate",
        // Without a promise on the hot path (see validate.ts): the limits are taken at once in memory on SQLite.
        ({ body, request }) => {
          const input = parseValidateBody(body as string);
          return limitAndValidate(deps, leases, requestIp(request), input);
        },
        {
          parse: "text",
          response: validateResponses(),
          detail: {
            summary: "Validate a plugin key for a Roblox user",
            tags: ["Plugin"],
            requestBody: {
              required: true,
              // A TypeBox schema is JSON Schema already; the OpenAPI types just don't know it.
              content: {
                "application/json": {
                  schema: PluginModel.validateBody as unknown as { type: "object" },
                  example: VALIDATE_REQUEST_EXAMPLE,
                },
              },
            },
          },
        },
      )
      .get(
        "/api/plugin/docs",
        () => new Response(docsPage, { headers: { "Content-Type": "text/html; charset=utf-8" } }),
        {
          response: { 200: t.String({ description: "The plugin authors' reference as an HTML page" }) },
          detail: { tags: ["Plugin"], summary: "The plugin API's reference page" },
        },
      )
      .post("/api/figma/generate-key", ({ user }) => generatePluginKey(deps, user.id), {
        signedIn: true,
        response: { 200: PluginModel.generatedKey, ...failures(404) },
        detail: { tags: ["Account"], summary: "Generate a new plugin key (the old one stops working)" },
      })
      .get("/api/figma/linked-account", ({ user }) => getLinkedAccount(deps, user.id), {
        signedIn: true,
        response: { 200: PluginModel.linkedAccount, ...failures(404) },
        detail: { tags: ["Account"], summary: "The Roblox account linked to the plugin key" },
      })
      .post(
        "/api/figma/reset-linked-account",
        ({ user }) => resetLinkedAccount(deps, user.id, { actorUserId: user.id, ignoreCooldown: false }),
        {
          signedIn: true,
          response: { 200: PluginModel.unlinked, ...failures(404), 429: PluginModel.cooldown },
          detail: { tags: ["Account"], summary: "Unlink the Roblox account (once per cooldown)" },
        },
      )
  );
}
