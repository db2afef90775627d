/**
 * The SPA's bundler compiles each language's catalogue (src/shared/locales/*.json) into Lingui's
 * compiled messages as it bundles it: the browser gets ready-to-run messages and never the ICU parser
 * (docs/languages.md).
 */
import type { BunPlugin } from "bun";
import { compileCatalogue } from "../../../web/lib/compile-catalogue";

const CATALOGUE = /[\\/]src[\\/]shared[\\/]locales[\\/][^\\/]+\.json$/;

export const catalogueCompiler: BunPlugin = {
  name: "compiled message catalogues",
  setup(build) {
    build.onLoad({ filter: CATALOGUE }, async ({ path }) => {
      const messages = (await Bun.file(path).json()) as Record<string, string>;
      return { contents: `export default ${JSON.stringify(compileCatalogue(messages))};`, loader: "js" };
    });
  },
};
