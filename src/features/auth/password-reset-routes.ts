import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { clientIp } from "../../lib/client-ip";
import { MIN_PASSWORD_LENGTH } from "../../shared/product";
import { normaliseEmail } from "../users/service";
import { requestPasswordReset, resetPassword } from "./password-reset";

const TOO_MANY = "Too many password reset requests. Please wait a few minutes and try again.";

/** Mounted inside authRoutes (prefix /api/auth). */
export function passwordResetRoutes(deps: AppDeps) {
  return new Elysia()
    .post("/forgot-password", ({ body, request, server }) => {
      deps.limiter.take(`password-reset:${clientIp(deps, request, server)}`, RATE_RULES.passwordReset, TOO_MANY);
      deps.limiter.take(`password-reset:${normaliseEmail(body.email)}`, RATE_RULES.passwordReset, TOO_MANY);
      return requestPasswordReset(deps, body.email);
    }, {
      body: t.Object({ email: t.String({ format: "email", maxLength: 254, error: "Please enter a valid email address." }) }),
    })
    .post("/reset-password", ({ body, request, server }) => {
      deps.limiter.take(`password-reset:${clientIp(deps, request, server)}`, RATE_RULES.passwordReset, TOO_MANY);
      return resetPassword(deps, body.token, body.password);
    }, {
      body: t.Object({
        token: t.String({ minLength: 1, maxLength: 200, error: "The reset link is incomplete. Please open it again from the e-mail." }),
        password: t.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: 200, error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.` }),
      }),
    });
}
