import { t, type Static } from "./type-system";
import { Int, IsoDate, oneOf } from "./common";
import { THEME_CHOICES } from "../theme";

const settings = t.Object({
  notifications: t.Boolean(),
  autoSync: t.Boolean(),
  theme: t.Nullable(oneOf(THEME_CHOICES), {
    description:
      "'dark', 'light' or 'system' (follows the device); null until the user chooses one, when the browser keeps its own",
  }),
  language: t.String({ description: "A language code such as 'en'" }),
});

export const UserModel = {
  settings,
  /** The signed-in user as they see themselves. */
  publicUser: t.Object({
    id: Int(),
    email: t.String(),
    isAdmin: t.Boolean(),
    figmaKey: t.Nullable(t.String({ description: "The plugin key; null before one is generated" })),
    emailConfirmed: t.Boolean({
      description:
        "Whether the address was proven by a link sent to it; until then only the purchases whose key the account used (and its renewals) are its own.",
    }),
    settings,
    createdAt: IsoDate,
  }),
};

export type UserSettings = Static<typeof UserModel.settings>;
export type PublicUser = Static<typeof UserModel.publicUser>;
