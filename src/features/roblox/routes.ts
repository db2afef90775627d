import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures } from "../../lib/schemas";
import { authGuard } from "../auth/guard";
import { RobloxModel } from "./model";
import { robloxProfiles } from "./service";

export function robloxRoutes(deps: AppDeps) {
  const profiles = robloxProfiles(deps);
  return new Elysia({ tags: ["Account"] })
    .use(authGuard(deps))
    .get("/api/roblox/profile/:id", ({ params }) => profiles.get(params.id),
      { signedIn: true, params: RobloxModel.profileParams, response: { 200: RobloxModel.profile, ...failures(422) } });
}
