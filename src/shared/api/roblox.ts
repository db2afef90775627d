import { t, type Static } from "./type-system";

export const RobloxModel = {
  profileParams: t.Object({
    id: t.String({ pattern: "^[0-9]{1,19}$", error: "A Roblox user ID is digits only." }),
  }),
  /** Any field the platform would not give is null. */
  profile: t.Object({
    id: t.String(),
    username: t.Nullable(t.String()),
    displayName: t.Nullable(t.String()),
    avatarUrl: t.Nullable(t.String({ description: "150x150 headshot" })),
  }),
};

export type RobloxProfile = Static<typeof RobloxModel.profile>;
