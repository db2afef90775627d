import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { failures, jsonBodyFailures, oneOf } from "../../lib/schemas";
import { authGuard } from "../auth/guard";
import { UserModel } from "../users/model";
import { updateSettings } from "./service";
import { THEME_CHOICES } from "../../shared/theme";

const settingsBody = t.Object({
  notifications: t.Optional(t.Boolean({ error: "notifications must be true or false." })),
  autoSync: t.Optional(t.Boolean({ error: "autoSync must be true or false." })),
  theme: t.Optional(oneOf(THEME_CHOICES, { error: "theme must be 'dark', 'light' or 'system'." })),
  language: t.Optional(t.String({ pattern: "^[a-z]{2}(-[A-Z]{2})?$", error: "language must be a language code such as 'en'." })),
}, {
  additionalProperties: false,
  minProperties: 1,
  error: "Send at least one of notifications, autoSync, theme or language, each with a valid value.",
});

export function settingsRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Account"] })
    .use(authGuard(deps))
    .put("/api/user/settings", ({ user, body }) => updateSettings(deps, user.id, body),
      { signedIn: true, body: settingsBody, response: { 200: UserModel.settings, ...jsonBodyFailures, ...failures(404) } });
}
