/**
 * The SPA built once for a whole test run: bundled as `npm run build` bundles it, with its chunk manifest and
 * its compressed forms beside each file (at the quality the server uses for files it compresses itself). Test
 * servers serve it (tests/support/built-spa.ts) instead of each test file bundling its own.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundleSpa, chunkManifest, CHUNK_MANIFEST_PATH, compress } from "../src/features/site/assets";

export async function buildSpaForTests(dir: string) {
  const spa = await bundleSpa({ outdir: dir, minify: true });
  writeFileSync(join(dir, CHUNK_MANIFEST_PATH), JSON.stringify(chunkManifest(spa.metafile!)));
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const file = join(dir, name);
    if (!statSync(file).isFile()) continue;
    const { gzip, br } = compress(file, new Uint8Array(readFileSync(file)), 5);
    if (gzip) writeFileSync(`${file}.gz`, gzip);
    if (br) writeFileSync(`${file}.br`, br);
  }
}
