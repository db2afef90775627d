import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

export function robloxRoutes(_deps: AppDeps) {
  return new Elysia();
}
