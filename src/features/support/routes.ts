import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

export function supportRoutes(_deps: AppDeps) {
  return new Elysia();
}
