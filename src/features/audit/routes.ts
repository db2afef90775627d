import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

export function auditRoutes(_deps: AppDeps) {
  return new Elysia();
}
