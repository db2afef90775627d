import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

export function settingsRoutes(_deps: AppDeps) {
  return new Elysia();
}
