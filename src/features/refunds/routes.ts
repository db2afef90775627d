/**
 * Every refund route: the admin's refund of a sale, the buyer's refund under the guarantee (from the
 * account's Purchases, or from the product-key e-mail's link without an account), and the admin panel's
 * Refund requests.
 */
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { failures, idParams, jsonBodyFailures } from "@shared/api/common";
import { AdminModel } from "@shared/api/admin";
import { PurchasesModel, RefundLinkModel, RefundRefusedError, RefundRequestModel } from "@shared/api/purchases";
import { authGuard } from "../../http/guard";
import { perIp, perUser, rateLimits } from "../../http/rate-limits";
import { saleView } from "../admin/view";
import { latestCreditNote } from "../invoices/credit-notes";
import { signedDocumentPath } from "../invoices/links";
import { refundCentsFromDollars, refundSale } from "./sale-refund";
import { decideRefundRequest, requestSelfRefund } from "./buyer-refund";
import { listRefundRequests, refundRequestById } from "./requests";
import { refundByLink, refundLinkView } from "./link";
import { purchaseSaid, refundAnswerSaid, refundLinkSaid } from "./answer-words";
import { sentencesFor } from "../../http/answer-language";

const TOO_MANY_REFUNDS = "Too many refund requests. Please wait a minute and try again.";

export function refundRoutes(deps: AppDeps) {
  return new Elysia()
    .use(saleRefundRoutes(deps))
    .use(purchaseRefundRoutes(deps))
    .use(refundRequestRoutes(deps))
    .use(refundLinkRoutes(deps));
}

/** The admin panel's refund of a sale, in full or in part. */
function saleRefundRoutes(deps: AppDeps) {
  const sign = (number: string) => signedDocumentPath(deps.jwtSecret, number);
  return new Elysia({ prefix: "/api/admin" }).use(authGuard(deps)).post(
    "/sales/:id/refund",
    async ({ user, params, body, headers, set }) => {
      const { answer, replayed } = await refundSale(
        deps,
        {
          saleId: params.id,
          actorUserId: user.id,
          amountCents: body.amount === undefined ? undefined : refundCentsFromDollars(body.amount),
          idempotencyKey: headers["idempotency-key"],
          seats: body.seats,
        },
        async (sale) => saleView(sale, { creditNoteNumber: await latestCreditNote(deps.db, sale.id), sign }),
      );
      if (replayed) set.headers["Idempotent-Replayed"] = "true";
      return answer;
    },
    {
      admin: true,
      params: idParams,
      headers: AdminModel.refundHeaders,
      body: AdminModel.refundBody,
      response: { 200: AdminModel.sale, ...jsonBodyFailures, ...failures(404, 409, 502) },
      detail: {
        summary: "Refund a sale, in full or in part",
        description:
          "Asks the payment provider for the refund, then records it as its webhook would; a full refund takes back what the key gave. " +
          "With an Idempotency-Key, the same request again answers the first result (header Idempotent-Replayed: true) and refunds nothing more; " +
          "the same key with another request is a 422. Keys are kept 24 hours. Without a key, the same amount of the same sale again within " +
          "10 minutes is a 409 DUPLICATE_REFUND.",
      },
    },
  );
}

/** The account's Purchases: a purchase refunded under the guarantee. */
function purchaseRefundRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/account", tags: ["Account"] })
    .use(authGuard(deps))
    .use(rateLimits(deps))
    .post(
      "/purchases/:id/refund",
      async ({ user, params, request }) => {
        const answer = await requestSelfRefund(deps, user, params.id);
        const purchase = await purchaseSaid(sentencesFor(request), answer.purchase, deps.config);
        return { ...(await refundAnswerSaid(sentencesFor(request), answer)), purchase };
      },
      {
        signedIn: true,
        rateLimit: [
          perUser("self-refund", RATE_RULES.selfRefund, TOO_MANY_REFUNDS),
          perIp("self-refund", RATE_RULES.selfRefund, TOO_MANY_REFUNDS),
        ],
        params: idParams,
        response: { 200: PurchasesModel.refundAnswer, ...failures(404, 422, 502), 409: RefundRefusedError },
        detail: { summary: "Refund a purchase under the guarantee (auto), or ask the admins (request)" },
      },
    );
}

/** The admin panel's Refund requests: list, Approve, Decline. */
function refundRequestRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/admin/refund-requests" })
    .use(authGuard(deps))
    .get("", () => listRefundRequests(deps.db), {
      admin: true,
      response: { 200: RefundRequestModel.list },
      detail: { summary: "Buyers' refund requests, waiting ones first" },
    })
    .post(
      "/:id/approve",
      async ({ user, params }) => {
        await decideRefundRequest(deps, user.id, params.id, true);
        return refundRequestById(deps.db, params.id);
      },
      {
        admin: true,
        params: idParams,
        response: { 200: RefundRequestModel.view, ...failures(404, 409, 422, 502) },
        detail: {
          summary: "Approve a refund request: the refund is made now",
          description: "A request already decided is a 409. The buyer is told by e-mail.",
        },
      },
    )
    .post(
      "/:id/decline",
      async ({ user, params }) => {
        await decideRefundRequest(deps, user.id, params.id, false);
        return refundRequestById(deps.db, params.id);
      },
      {
        admin: true,
        params: idParams,
        response: { 200: RefundRequestModel.view, ...failures(404, 409, 422) },
        detail: {
          summary: "Decline a refund request",
          description: "A request already decided is a 409. The buyer is told by e-mail.",
        },
      },
    );
}

/** The product-key e-mail's refund link, for buyers without an account: no session, the key is the proof. */
function refundLinkRoutes(deps: AppDeps) {
  const perAddress = [
    perIp("refund-link", RATE_RULES.keyResend, "Too many tries. Please wait a minute and try again."),
  ];
  return new Elysia({ prefix: "/api/refund-link", tags: ["Account"] })
    .use(rateLimits(deps))
    .get(
      "",
      async ({ query, request }) => refundLinkSaid(sentencesFor(request), await refundLinkView(deps, query.key)),
      {
        rateLimit: perAddress,
        query: RefundLinkModel.query,
        response: { 200: RefundLinkModel.view, ...failures(404, 422) },
        detail: {
          summary: "The purchase behind a refund link, and whether it can be refunded",
          description:
            "For the refund link in the product-key e-mail; no account needed: the product key is the proof of purchase. A key already on an account is refunded from that account's purchases.",
        },
      },
    )
    .post(
      "",
      async ({ body, request }) => refundAnswerSaid(sentencesFor(request), await refundByLink(deps, body.key)),
      {
        rateLimit: perAddress,
        body: RefundLinkModel.body,
        response: {
          200: RefundLinkModel.answer,
          ...jsonBodyFailures,
          ...failures(404, 502),
          409: RefundRefusedError,
        },
        detail: {
          summary: "Refund a purchase with its refund link",
          description:
            "Works while the key is unused and the purchase is inside the refund window; otherwise a 409 that says why.",
        },
      },
    );
}
