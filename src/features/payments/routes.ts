import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

export function paymentRoutes(_deps: AppDeps) {
  return new Elysia();
}
