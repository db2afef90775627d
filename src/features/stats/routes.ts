import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

export function statsRoutes(_deps: AppDeps) {
  return new Elysia();
}
