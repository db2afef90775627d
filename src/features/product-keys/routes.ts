import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { perBody, perIp, rateLimits } from "../../http/rate-limits";
import { jsonBodyFailures } from "@shared/api/common";
import { normaliseEmail } from "../users/service";
import { resendKeys } from "./resend";
import { answerLanguage } from "../../http/answer-language";
import { ProductKeyModel } from "@shared/api/product-keys";

const TOO_MANY = "Too many requests for keys. Please wait a few minutes and try again.";

export function productKeyRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Payments"] })
    .use(rateLimits(deps))
    .post("/api/keys/resend", ({ body, request }) => resendKeys(deps, body.email, answerLanguage(request)), {
      rateLimit: [
        perIp("key-resend", RATE_RULES.keyResend, TOO_MANY),
        perBody<{ email: string }>(
          "key-resend",
          RATE_RULES.keyResendPerAddress,
          (b) => ({ email: normaliseEmail(b.email) }),
          TOO_MANY,
        ),
      ],
      body: ProductKeyModel.resendBody,
      response: { 200: ProductKeyModel.message, ...jsonBodyFailures },
      detail: {
        summary: "E-mail every key bought with an address",
        description: "Always the same answer, whether the address bought or not.",
      },
    });
}
