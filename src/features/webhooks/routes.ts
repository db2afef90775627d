import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures, idParams, jsonBodyFailures, pageQuery } from "@shared/api/common";
import { WebhookModel } from "@shared/api/webhooks";
import { authGuard } from "../../http/guard";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "./endpoints";
import { listDeliveries, replayDelivery, sendTestEvent } from "./deliveries";

export function webhookRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/admin/webhooks" })
    .use(authGuard(deps))
    .get("", () => listWebhookEndpoints(deps), {
      admin: true,
      response: { 200: WebhookModel.endpoints },
      detail: { summary: "Webhook endpoints (never their secrets)" },
    })
    .post(
      "",
      async ({ body, user, set }) => {
        const created = await createWebhookEndpoint(deps, body, user.id);
        set.status = 201;
        return created;
      },
      {
        admin: true,
        body: WebhookModel.create,
        response: { 201: WebhookModel.created, ...jsonBodyFailures },
        detail: {
          summary: "Add a webhook endpoint",
          description:
            "Answers the signing secret (`whsec_…`) once; it is never shown again. In production the URL must be https and resolve to a public address.",
        },
      },
    )
    .patch("/:id", ({ params, body, user }) => updateWebhookEndpoint(deps, params.id, body, user.id), {
      admin: true,
      params: idParams,
      body: WebhookModel.update,
      response: { 200: WebhookModel.endpoint, ...failures(400, 404, 422) },
      detail: { summary: "Change a webhook endpoint's URL, events, description, or turn it on or off" },
    })
    .delete("/:id", ({ params, user }) => deleteWebhookEndpoint(deps, params.id, user.id), {
      admin: true,
      params: idParams,
      response: { 200: WebhookModel.deleted, ...failures(404, 422) },
      detail: { summary: "Delete a webhook endpoint and its deliveries" },
    })
    .post("/:id/rotate-secret", ({ params, user }) => rotateWebhookSecret(deps, params.id, user.id), {
      admin: true,
      params: idParams,
      response: { 200: WebhookModel.rotated, ...failures(404, 409, 422) },
      detail: {
        summary: "Give a webhook endpoint a new signing secret",
        description:
          "Answers the new secret once. For 24 hours deliveries carry two signatures, the new secret's and the old one's.",
      },
    })
    .post("/:id/test", ({ params, user }) => sendTestEvent(deps, params.id, user.id), {
      admin: true,
      params: idParams,
      response: { 200: WebhookModel.delivery, ...failures(404, 409, 422) },
      detail: { summary: "Send a webhook.test event to one endpoint" },
    })
    .get("/:id/deliveries", ({ params, query }) => listDeliveries(deps, params.id, query), {
      admin: true,
      params: idParams,
      query: pageQuery,
      response: { 200: WebhookModel.deliveries, ...failures(404, 422) },
      detail: { summary: "An endpoint's deliveries, newest first" },
    })
    .post("/deliveries/:id/replay", ({ params, user }) => replayDelivery(deps, params.id, user.id), {
      admin: true,
      params: idParams,
      response: { 200: WebhookModel.delivery, ...failures(404, 409, 422) },
      detail: {
        summary: "Send a delivery's payload again",
        description:
          "Queued as a new delivery with the same body and the same `webhook-id`; 409 while the delivery is still pending.",
      },
    });
}
