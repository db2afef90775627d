/** The two switches of the dashboard's Settings tab, plus theme and language (docs/architecture.md#settings). */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { UserSettings } from "@shared/api/users";
import type { ThemeChoice } from "@shared/theme";
import { settingsOf } from "../users/service";

type SettingsChange = Partial<Omit<UserSettings, "theme">> & { theme?: ThemeChoice };

/** Saves the fields given and answers the whole settings object. */
export async function updateSettings(deps: AppDeps, userId: number, change: SettingsChange): Promise<UserSettings> {
  const values: SettingsChange & { themeChosen?: boolean } = {};
  for (const field of ["notifications", "autoSync", "theme", "language"] as const) {
    if (change[field] !== undefined) (values as Record<string, unknown>)[field] = change[field];
  }
  // A theme sent is one the user chose: from now on it is the account's.
  if (change.theme !== undefined) values.themeChosen = true;
  const [user] = await deps.db.update(users).set(values).where(eq(users.id, userId)).returning();
  if (!user) throw notFound("This account no longer exists.");
  return settingsOf(user);
}
