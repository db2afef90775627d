import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { clientIp } from "../../lib/client-ip";
import { failures, idParams, jsonBodyFailures, pageQuery, RateLimitedError } from "@shared/api/common";
import { authGuard } from "../auth/guard";
import { SupportModel } from "@shared/api/support";
import { createTicket, listTickets, setTicketStatus } from "./service";

export function supportRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/support" })
    .use(authGuard(deps))
    .post(
      "/tickets",
      ({ body, request, server }) => {
        deps.limiter.take(
          "support",
          { ip: clientIp(deps, request, server) },
          RATE_RULES.supportTicket,
          "Too many messages sent. Please wait a minute and try again.",
        );
        return createTicket(deps, body);
      },
      {
        detail: {
          tags: ["Site"],
          summary: "Send a message to support",
          description: "The contact form: it opens a ticket the admins answer by e-mail.",
        },
        body: SupportModel.createBody,
        response: { 200: SupportModel.ticket, ...jsonBodyFailures, 429: RateLimitedError },
      },
    )
    .get("/tickets", ({ query }) => listTickets(deps.db, query), {
      admin: true,
      query: pageQuery,
      response: { 200: SupportModel.tickets, ...failures(422) },
      detail: { summary: "Support tickets, newest first" },
    })
    .patch("/tickets/:id", ({ user, params, body }) => setTicketStatus(deps, user, params.id, body.status), {
      admin: true,
      params: idParams,
      body: SupportModel.statusBody,
      response: { 200: SupportModel.ticket, ...failures(400, 404, 422) },
      detail: { summary: "Close a support ticket, or open it again" },
    });
}
