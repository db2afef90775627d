import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures } from "@shared/api/common";
import { perIp, perUser, rateLimits } from "../../http/rate-limits";
import { RATE_RULES } from "../../lib/rate-limit";
import { authGuard } from "../../http/guard";
import { RobloxModel } from "@shared/api/roblox";
import { robloxProfiles } from "./service";

export function robloxRoutes(deps: AppDeps) {
  const profiles = robloxProfiles(deps);
  return new Elysia({ tags: ["Account"] })
    .use(authGuard(deps))
    .use(rateLimits(deps))
    .get("/api/roblox/profile/:id", ({ params }) => profiles.get(params.id), {
      signedIn: true,
      rateLimit: [
        perUser("roblox-profile", RATE_RULES.robloxProfilePerUser),
        perIp("roblox-profile", RATE_RULES.robloxProfilePerAddress),
      ],
      params: RobloxModel.profileParams,
      response: { 200: RobloxModel.profile, ...failures(422) },
      detail: {
        summary: "A Roblox user's name and avatar",
        description:
          "Looked up on Roblox by the server (the browser can't: CORS) and kept for an hour. When Roblox doesn't answer, the name and avatar are null.",
      },
    });
}
