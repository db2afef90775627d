/**
 * The plugin's store page (PLUGIN_INSTALL_URL), or null when the server has none (development). The
 * server writes it into every page's head; its own render of a screen is told the same value, so the
 * browser's hydration matches.
 */
const META_NAME = "plugin-install-url";

let serverValue: string | null = null;

/** Only the server's renderer calls this, before each render. */
export function setServerPluginInstallUrl(url: string | null) {
  serverValue = url;
}

export function pluginInstallUrl(): string | null {
  if (typeof document === "undefined") return serverValue;
  return document.querySelector(`meta[name="${META_NAME}"]`)?.getAttribute("content") || null;
}

export const PLUGIN_INSTALL_URL_META = META_NAME;
