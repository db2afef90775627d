import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

export function reviewRoutes(_deps: AppDeps) {
  return new Elysia();
}
