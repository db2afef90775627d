import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { perBody, perIp, rateLimits } from "../../http/rate-limits";
import { jsonBodyFailures } from "@shared/api/common";
import { normaliseEmail } from "../users/service";
import { AuthModel } from "@shared/api/auth";
import { requestPasswordReset, resetPassword } from "./password-reset";

type Address = { email: string };

const TOO_MANY = "Too many password reset requests. Please wait a few minutes and try again.";
const TOO_MANY_TODAY =
  "This address has been sent the most reset links allowed in a day. Please use the newest one, or try again tomorrow.";

/** Mounted inside authRoutes (prefix /api/auth). */
export function passwordResetRoutes(deps: AppDeps) {
  const resetsPerIp = perIp("password-reset", RATE_RULES.passwordReset, TOO_MANY);
  return new Elysia()
    .use(rateLimits(deps))
    .post("/forgot-password", ({ body }) => requestPasswordReset(deps, body.email), {
      rateLimit: [
        resetsPerIp,
        perBody<Address>(
          "password-reset",
          RATE_RULES.passwordReset,
          (b) => ({ email: normaliseEmail(b.email) }),
          TOO_MANY,
        ),
        perBody<Address>(
          "password-reset-daily",
          RATE_RULES.passwordResetPerAddressDaily,
          (b) => ({ email: normaliseEmail(b.email) }),
          TOO_MANY_TODAY,
        ),
      ],
      body: AuthModel.forgotPasswordBody,
      response: { 200: AuthModel.message, ...jsonBodyFailures },
      detail: {
        summary: "E-mail a link to choose a new password",
        description:
          "Always the same answer, whether the address has an account or not. Limited per IP address and per address, and in links per address a day (429).",
      },
    })
    .post("/reset-password", ({ body }) => resetPassword(deps, body.token, body.password), {
      rateLimit: [resetsPerIp],
      body: AuthModel.resetPasswordBody,
      response: { 200: AuthModel.message, ...jsonBodyFailures },
      detail: {
        summary: "Choose a new password with the link's token",
        description: "The token works once. Every session of the account ends.",
      },
    });
}
