/**
 * Inter's @font-face rules for the page head, pointing at the bundle's hashed font files.
 * font-display: optional, because a late swap from the fallback font would move text that is already
 * on screen (layout shift): a first visit on a slow connection keeps the fallback for that page, and
 * Inter is cached for the next. The font is not preloaded: Chromium holds the first paint of a page
 * back while a preloaded optional font is pending (about two seconds under Lighthouse's mobile run,
 * measured with `npm run lighthouse`), which costs more than the font is worth.
 */
import fontFaces from "@fontsource-variable/inter/index.css" with { type: "text" };
import type { AssetMap } from "./assets";

/** The bundled path of a font file, e.g. inter-latin-wght-normal.woff2 → /assets/inter-latin-wght-normal-x1y2.woff2. */
function bundledPath(assets: AssetMap, file: string): string | undefined {
  const stem = file.replace(/\.woff2$/, "");
  for (const path of assets.keys()) {
    if (
      path.startsWith(`/assets/${stem}-`) &&
      path.endsWith(".woff2") &&
      !path.slice(`/assets/${stem}-`.length).includes("-")
    )
      return path;
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
  return `<style id="font-inter">${css}</style>`;
}
