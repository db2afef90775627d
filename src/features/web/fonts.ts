/**
 * Inter's @font-face rules for the page head, pointing at the bundle's hashed font files, with the
 * Latin subset preloaded. font-display: optional, because a late swap from the fallback font would
 * move text that is already on screen (layout shift); the preload makes Inter ready in time on
 * ordinary connections, and a slow first visit keeps the fallback for that page.
 */
import fontFaces from "@fontsource-variable/inter/index.css" with { type: "text" };
import type { AssetMap } from "./assets";

const PRELOADED_SUBSET = "inter-latin-wght-normal";

/** The bundled path of a font file, e.g. inter-latin-wght-normal.woff2 → /assets/inter-latin-wght-normal-x1y2.woff2. */
function bundledPath(assets: AssetMap, file: string): string | undefined {
  const stem = file.replace(/\.woff2$/, "");
  for (const path of assets.keys()) {
    if (path.startsWith(`/assets/${stem}-`) && path.endsWith(".woff2") && !path.slice(`/assets/${stem}-`.length).includes("-")) return path;
  }
  return undefined;
}

export function fontHead(assets: AssetMap): string {
  const css = fontFaces
    .replace(/font-display: swap/g, "font-display: optional")
    .replace(/url\(\.\/files\/([^)]+)\)/g, (rule, file: string) => {
      const path = bundledPath(assets, file);
      return path ? `url(${path})` : rule;
    })
    .replace(/\/\*[^*]*\*\//g, "")
    .replace(/\s*\n\s*/g, "");
  const preload = bundledPath(assets, `${PRELOADED_SUBSET}.woff2`);
  return [
    preload ? `<link rel="preload" href="${preload}" as="font" type="font/woff2" crossorigin>` : "",
    `<style id="font-inter">${css}</style>`,
  ].join("");
}
