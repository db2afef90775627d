/**
 * The price list and promotion codes: public reads (GET /api/plans, GET /api/promotion-codes/:code)
 * and the admin's changes (the Plans and Promotion codes tabs).
 */
import { Elysia } from "elysia";
import { sentencesFor } from "../../http/answer-language";
import type { AppDeps } from "../../deps";
import { perIp, rateLimits } from "../../http/rate-limits";
import { RATE_RULES } from "../../lib/rate-limit";
import { failures, jsonBodyFailures } from "@shared/api/common";
import { PricingModel, promotionList } from "@shared/api/pricing";
import { authGuard } from "../../http/guard";
import { publicPlans, readCatalogue, updatePlanPrice } from "./catalogue";
import {
  createPromotionCode,
  deletePromotionCode,
  dollarsToCents,
  listPromotionCodes,
  setPromotionActive,
} from "./admin-codes";
import { planView } from "./view";
import { lookupPromotion } from "./promotion-codes";

export function pricingRoutes(deps: AppDeps) {
  return new Elysia().use(publicPricingRoutes(deps)).use(adminPricingRoutes(deps));
}

/** What anyone may read: the price list, and whether a promotion code applies. */
function publicPricingRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Pricing"] })
    .use(rateLimits(deps))
    .get("/api/plans", () => publicPlans(deps.db), {
      response: { 200: PricingModel.plans },
      detail: {
        summary: "The plans on sale and their current prices",
        description: "Prices change from the admin panel; the answer reflects a change at once.",
      },
    })
    .get(
      "/api/promotion-codes/:code",
      ({ params, query, request }) =>
        lookupPromotion(deps.db, deps.clock.now(), params.code, query.plan, sentencesFor(request)),
      {
        rateLimit: [
          perIp(
            "promotion-lookup",
            RATE_RULES.promotionLookup,
            "Too many promotion code look-ups. Please wait a moment and try again.",
          ),
        ],
        params: PricingModel.promotionParams,
        query: PricingModel.promotionQuery,
        response: { 200: PricingModel.promotionLookup, ...failures(422) },
        detail: {
          summary: "Whether a promotion code applies, and what it takes off",
          description:
            "Rate limited per IP. Answers 200 either way (`applies`); never how many uses are left. A once-per-buyer code is checked at checkout, where the buyer's address is known.",
        },
      },
    );
}

/** The admin's Plans and Promotion codes tabs: prices, badges, visibility, and the codes. */
function adminPricingRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/admin", tags: ["Admin"] })
    .use(authGuard(deps))
    .get("/plans", async () => (await readCatalogue(deps.db)).map(planView), {
      admin: true,
      response: { 200: PricingModel.adminPlans },
      detail: { summary: "Every plan with its price, hidden plans included" },
    })
    .put(
      "/plans/:id",
      async ({ user, params, body }) =>
        planView(
          await updatePlanPrice(deps, user.id, params.id, {
            priceCents: body.price === undefined ? undefined : dollarsToCents(body.price, "price"),
            compareAtCents:
              body.compareAtPrice == null ? body.compareAtPrice : dollarsToCents(body.compareAtPrice, "compareAtPrice"),
            badge: body.badge,
            visible: body.visible,
          }),
        ),
      {
        admin: true,
        params: PricingModel.planParams,
        body: PricingModel.planChange,
        response: { 200: PricingModel.planView, ...jsonBodyFailures },
        detail: {
          summary: 'Change a plan\'s price, "was" price, badge or visibility',
          description:
            "price ≥ 0.50 with at most 2 decimals; compareAtPrice above the price, or null for none. Audited. Pages and new payments use it at once; payments already started keep their price.",
        },
      },
    )
    .get("/promotion-codes", () => listPromotionCodes(deps), {
      admin: true,
      response: { 200: promotionList },
      detail: { summary: "Every promotion code with its uses, reserved uses, discount given and revenue" },
    })
    .post("/promotion-codes", ({ user, body }) => createPromotionCode(deps, user.id, body), {
      admin: true,
      body: PricingModel.promotionCreate,
      response: { 200: PricingModel.promotionView, ...jsonBodyFailures, ...failures(409) },
      detail: {
        summary: "Create a promotion code",
        description:
          "Exactly one of percentOff (1–100) and amountOff (dollars). A duplicate code (any case) is 409 PROMOTION_CODE_EXISTS; an end before the start, an unknown plan or a bad amount is 422. Audited.",
      },
    })
    .patch(
      "/promotion-codes/:id",
      ({ user, params, body }) => setPromotionActive(deps, user.id, params.id, body.active),
      {
        admin: true,
        params: PricingModel.promotionIdParams,
        body: PricingModel.promotionChange,
        response: { 200: PricingModel.promotionView, ...jsonBodyFailures, ...failures(404) },
        detail: {
          summary: "Turn a promotion code off or back on",
          description: "Payments already started with it are honoured. Audited.",
        },
      },
    )
    .delete("/promotion-codes/:id", ({ user, params }) => deletePromotionCode(deps, user.id, params.id), {
      admin: true,
      params: PricingModel.promotionIdParams,
      response: { 200: PricingModel.deleted, ...failures(404, 409, 422) },
      detail: {
        summary: "Delete a promotion code nobody has used",
        description:
          "A code any payment was started with can't be deleted (409 PROMOTION_CODE_USED): turn it off instead.",
      },
    });
}
