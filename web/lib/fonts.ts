/**
 * Inter, self-hosted from @fontsource-variable/inter. Bun's CSS bundler inlines every url()
 * of a stylesheet as base64 (all seven subsets: ~230 KB of render-blocking CSS), so the
 * @font-face rules are added from here instead: each subset becomes its own hashed file that
 * the browser fetches only when a page uses characters from its unicode-range.
 */
import fontFaces from "@fontsource-variable/inter/index.css" with { type: "text" };
import cyrillicExt from "@fontsource-variable/inter/files/inter-cyrillic-ext-wght-normal.woff2";
import cyrillic from "@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2";
import greekExt from "@fontsource-variable/inter/files/inter-greek-ext-wght-normal.woff2";
import greek from "@fontsource-variable/inter/files/inter-greek-wght-normal.woff2";
import vietnamese from "@fontsource-variable/inter/files/inter-vietnamese-wght-normal.woff2";
import latinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2";
import latin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";

const FILES: Record<string, string> = {
  "inter-cyrillic-ext-wght-normal.woff2": cyrillicExt,
  "inter-cyrillic-wght-normal.woff2": cyrillic,
  "inter-greek-ext-wght-normal.woff2": greekExt,
  "inter-greek-wght-normal.woff2": greek,
  "inter-vietnamese-wght-normal.woff2": vietnamese,
  "inter-latin-ext-wght-normal.woff2": latinExt,
  "inter-latin-wght-normal.woff2": latin,
};

/** Adds the font's @font-face rules to the page once. */
export function installFonts(): void {
  if (document.getElementById("font-inter")) return;
  const style = document.createElement("style");
  style.id = "font-inter";
  style.textContent = fontFaces.replace(/url\(\.\/files\/([^)]+)\)/g, (rule, name: string) =>
    FILES[name] ? `url(${JSON.stringify(FILES[name])})` : rule,
  );
  document.head.append(style);
}
