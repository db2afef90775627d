/** Reading a server-rendered page's head and first heading, as search engines see them. */
export const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
export const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
/** Each `hreflang` alternate's address, by its language. */
export const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]),
  );
export const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
export const h1 = (html: string) => /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
