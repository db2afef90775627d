/**
 * The SPA's bundler compiles each language's catalogue (src/shared/locales/*.json) into Lingui's
 * compiled messages as it bundles it: the browser gets ready-to-run messages and never the ICU parser
 * (docs/languages.md). English, which comes with the app, is cut in two: what the first chunk shows,
 * and the rest as a chunk of its own (`rest`), fetched with the other screens' code.
 */
import type { BunPlugin } from "bun";
import { compileCatalogue, forTheBrowser, inFirstChunk } from "../../../web/lib/compile-catalogue";

const CATALOGUE = /[\\/]src[\\/]shared[\\/]locales[\\/]([^\\/]+)\.json$/;
const REST = "english-catalogue-rest";

const compiled = (messages: Record<string, string>, keep: (id: string) => boolean) =>
  JSON.stringify(
    compileCatalogue(Object.fromEntries(Object.entries(messages).filter(([id]) => forTheBrowser(id) && keep(id)))),
  );

export const catalogueCompiler: BunPlugin = {
  name: "compiled message catalogues",
  setup(build) {
    build.onLoad({ filter: CATALOGUE }, async ({ path }) => {
      const messages = (await Bun.file(path).json()) as Record<string, string>;
      if (CATALOGUE.exec(path)?.[1] !== "en")
        return { contents: `export default ${compiled(messages, () => true)};`, loader: "js" };
      return {
        contents: `export default ${compiled(messages, inFirstChunk)};\nexport const rest = () => import(${JSON.stringify(`${REST}:${path}`)});`,
        loader: "js",
      };
    });
    // A path of its own ("….json.rest"): under the catalogue's own path the bundler would take it for the catalogue.
    build.onResolve({ filter: new RegExp(`^${REST}:`) }, ({ path }) => ({
      path: `${path.slice(REST.length + 1)}.rest`,
      namespace: REST,
    }));
    build.onLoad({ filter: /.*/, namespace: REST }, async ({ path }) => {
      const messages = (await Bun.file(path.replace(/\.rest$/, "")).json()) as Record<string, string>;
      return { contents: `export default ${compiled(messages, (id) => !inFirstChunk(id))};`, loader: "js" };
    });
  },
};
