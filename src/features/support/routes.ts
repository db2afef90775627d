import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { clientIp } from "../../lib/client-ip";
import { authGuard } from "../auth/guard";
import { idParams, pageQuery } from "../admin/model";
import { adminBeforeValidation } from "../admin/admin-first";
import { SupportModel } from "./model";
import { createTicket, listTickets, setTicketStatus } from "./service";

export function supportRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/support" })
    .use(authGuard(deps))
    .post("/tickets", ({ body, request, server }) => {
      deps.limiter.take(`support:${clientIp(deps, request, server)}`, RATE_RULES.supportTicket,
        "Too many messages sent. Please wait a minute and try again.");
      return createTicket(deps, body);
    }, { body: SupportModel.createBody })
    // Everything below is for admins only.
    .use(adminBeforeValidation(deps))
    .get("/tickets", ({ query }) => listTickets(deps.db, query), { admin: true, query: pageQuery })
    .patch("/tickets/:id", ({ user, params, body }) => setTicketStatus(deps, user, params.id, body.status),
      { admin: true, params: idParams, body: SupportModel.statusBody });
}
