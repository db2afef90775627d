import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures, RateLimitedError } from "@shared/api/common";
import { clientIp } from "../../http/client-ip";
import { RATE_RULES } from "../../lib/rate-limit";
import { authGuard } from "../../http/guard";
import { RobloxModel } from "@shared/api/roblox";
import { robloxProfiles } from "./service";

export function robloxRoutes(deps: AppDeps) {
  const profiles = robloxProfiles(deps);
  return new Elysia({ tags: ["Account"] }).use(authGuard(deps)).get(
    "/api/roblox/profile/:id",
    async ({ params, user, request, server }) => {
      await deps.limiter.take("roblox-profile", { user: user.id }, RATE_RULES.robloxProfilePerUser);
      await deps.limiter.take(
        "roblox-profile",
        { ip: clientIp(deps, request, server) },
        RATE_RULES.robloxProfilePerAddress,
      );
      return profiles.get(params.id);
    },
    {
      signedIn: true,
      params: RobloxModel.profileParams,
      response: { 200: RobloxModel.profile, ...failures(422), 429: RateLimitedError },
      detail: {
        summary: "A Roblox user's name and avatar",
        description:
          "Looked up on Roblox by the server (the browser can't: CORS) and kept for an hour. When Roblox doesn't answer, the name and avatar are null.",
      },
    },
  );
}
