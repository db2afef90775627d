/**
 * Admin routes answer 401/403 before their input is validated, so a stranger gets the same answer
 * whatever the body, and learns nothing about what an admin route accepts. Routes still declare
 * `{ admin: true }`, which gives the handler its `user`.
 */
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { forbidden, unauthorized } from "../../lib/errors";
import { userFromRequest } from "../auth/guard";

/** Applies to the routes registered after it in the plugin that uses it. */
export function adminBeforeValidation(deps: AppDeps) {
  return new Elysia().onTransform({ as: "scoped" }, async ({ request }) => {
    const user = await userFromRequest(deps, request);
    if (!user) throw unauthorized("Your session has ended. Please sign in again.");
    if (!user.isAdmin) throw forbidden("This area is for administrators only.");
  });
}
