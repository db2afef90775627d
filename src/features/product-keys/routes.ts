import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { clientIp } from "../../http/client-ip";
import { jsonBodyFailures, RateLimitedError } from "@shared/api/common";
import { normaliseEmail } from "../users/service";
import { resendKeys } from "./resend";
import { ProductKeyModel } from "@shared/api/product-keys";

const TOO_MANY = "Too many requests for keys. Please wait a few minutes and try again.";

export function productKeyRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Payments"] }).post(
    "/api/keys/resend",
    async ({ body, request, server }) => {
      await deps.limiter.take("key-resend", { ip: clientIp(deps, request, server) }, RATE_RULES.keyResend, TOO_MANY);
      await deps.limiter.take(
        "key-resend",
        { email: normaliseEmail(body.email) },
        RATE_RULES.keyResendPerAddress,
        TOO_MANY,
      );
      return await resendKeys(deps, body.email);
    },
    {
      body: ProductKeyModel.resendBody,
      response: { 200: ProductKeyModel.message, ...jsonBodyFailures, 429: RateLimitedError },
      detail: {
        summary: "E-mail every key bought with an address",
        description: "Always the same answer, whether the address bought or not.",
      },
    },
  );
}
