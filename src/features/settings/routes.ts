import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { failures, jsonBodyFailures, oneOf } from "@shared/api/common";
import { authGuard } from "../../http/guard";
import { UserModel } from "@shared/api/users";
import { updateSettings } from "./service";
import { THEME_CHOICES } from "@shared/theme";
import { SITE_LANGUAGES } from "@shared/languages";
import { AppError } from "../../lib/errors";

const settingsBody = t.Object(
  {
    notifications: t.Optional(t.Boolean({ error: "notifications must be true or false." })),
    autoSync: t.Optional(t.Boolean({ error: "autoSync must be true or false." })),
    theme: t.Optional(oneOf(THEME_CHOICES, { error: "theme must be 'dark', 'light' or 'system'." })),
    language: t.Optional(
      oneOf(SITE_LANGUAGES, { error: `language must be one the site is written in: ${SITE_LANGUAGES.join(", ")}.` }),
    ),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    error: "Send at least one of notifications, autoSync, theme or language, each with a valid value.",
  },
);

const SETTING_NAMES = Object.keys(settingsBody.properties);

/**
 * Elysia drops unknown fields before validation (so additionalProperties never fires); a misspelt
 * setting must be an error, not a silent no-op.
 */
function refuseUnknownSettings({ body }: { body: unknown }) {
  if (!body || typeof body !== "object" || Array.isArray(body)) return;
  const unknown = Object.keys(body).filter((name) => !SETTING_NAMES.includes(name));
  if (unknown.length) {
    throw new AppError(
      422,
      "VALIDATION",
      `Unknown setting${unknown.length === 1 ? "" : "s"}: ${unknown.join(", ")}. The settings are ${SETTING_NAMES.join(", ")}.`,
    );
  }
}

export function settingsRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Account"] })
    .use(authGuard(deps))
    .put("/api/user/settings", ({ user, body }) => updateSettings(deps, user.id, body), {
      signedIn: true,
      transform: refuseUnknownSettings,
      body: settingsBody,
      response: { 200: UserModel.settings, ...jsonBodyFailures, ...failures(404) },
      detail: {
        summary: "Change settings",
        description: "Send only the settings to change; an unknown setting is a 422.",
      },
    });
}
