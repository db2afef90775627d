import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

export function emailRoutes(_deps: AppDeps) {
  return new Elysia();
}
