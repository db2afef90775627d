import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { authGuard } from "../auth/guard";
import { robloxProfiles } from "./service";

const profileParams = t.Object({
  id: t.String({ pattern: "^[0-9]{1,19}$", error: "A Roblox user ID is digits only." }),
});

export function robloxRoutes(deps: AppDeps) {
  const profiles = robloxProfiles(deps);
  return new Elysia()
    .use(authGuard(deps))
    .get("/api/roblox/profile/:id", ({ params }) => profiles.get(params.id), { signedIn: true, params: profileParams });
}
