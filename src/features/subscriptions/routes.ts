import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

export function subscriptionRoutes(_deps: AppDeps) {
  return new Elysia();
}
