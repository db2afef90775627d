import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

export function adminRoutes(_deps: AppDeps) {
  return new Elysia();
}
