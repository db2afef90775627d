import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { clientIp } from "../../http/client-ip";
import { jsonBodyFailures, RateLimitedError } from "@shared/api/common";
import { normaliseEmail } from "../users/service";
import { AuthModel } from "@shared/api/auth";
import { requestPasswordReset, resetPassword } from "./password-reset";

const TOO_MANY = "Too many password reset requests. Please wait a few minutes and try again.";
const TOO_MANY_TODAY =
  "This address has been sent the most reset links allowed in a day. Please use the newest one, or try again tomorrow.";

/** Mounted inside authRoutes (prefix /api/auth). */
export function passwordResetRoutes(deps: AppDeps) {
  const perIp = (request: Request, server: Parameters<typeof clientIp>[2]) =>
    deps.limiter.take("password-reset", { ip: clientIp(deps, request, server) }, RATE_RULES.passwordReset, TOO_MANY);
  return new Elysia()
    .post(
      "/forgot-password",
      async ({ body, request, server }) => {
        await perIp(request, server);
        await deps.limiter.take(
          "password-reset",
          { email: normaliseEmail(body.email) },
          RATE_RULES.passwordReset,
          TOO_MANY,
        );
        await deps.limiter.take(
          "password-reset-daily",
          { email: normaliseEmail(body.email) },
          RATE_RULES.passwordResetPerAddressDaily,
          TOO_MANY_TODAY,
        );
        return requestPasswordReset(deps, body.email);
      },
      {
        body: AuthModel.forgotPasswordBody,
        response: { 200: AuthModel.message, ...jsonBodyFailures, 429: RateLimitedError },
        detail: {
          summary: "E-mail a link to choose a new password",
          description:
            "Always the same answer, whether the address has an account or not. Limited per IP address and per address, and in links per address a day (429).",
        },
      },
    )
    .post(
      "/reset-password",
      async ({ body, request, server }) => {
        await perIp(request, server);
        return resetPassword(deps, body.token, body.password);
      },
      {
        body: AuthModel.resetPasswordBody,
        response: { 200: AuthModel.message, ...jsonBodyFailures, 429: RateLimitedError },
        detail: {
          summary: "Choose a new password with the link's token",
          description: "The token works once. Every session of the account ends.",
        },
      },
    );
}
