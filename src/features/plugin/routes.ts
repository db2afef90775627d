import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

export function pluginRoutes(_deps: AppDeps) {
  return new Elysia();
}
