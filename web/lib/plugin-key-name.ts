import type { GeneratePluginKeyResponse, PublicUser } from "@shared/api-types";

/**
 * The SPA calls the key the plugin signs in with the plugin key, `pluginKey`. The API sends it as `figmaKey`, a
 * name its answers keep so the clients already built on them go on working. This file is the one place in the SPA
 * that spells the API's name: the session stores the signed-in user as an `AccountUser`, and every screen reads
 * `pluginKey`.
 */
export type AccountUser = Omit<PublicUser, "figmaKey"> & { pluginKey: PublicUser["figmaKey"] };

/** The signed-in user as the SPA keeps it, from the user the API answered with. */
export function accountUserFrom({ figmaKey, ...user }: PublicUser): AccountUser {
  return { ...user, pluginKey: figmaKey };
}

/** The key POST /api/figma/generate-key answered with. */
export const generatedPluginKey = (answer: GeneratePluginKeyResponse): string => answer.figmaKey;
