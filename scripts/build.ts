/**
 * `npm run build`: bundles the SPA into dist/web (hashed names, pre-compressed .gz and .br), then
 * compiles the server into one executable, dist/layerlift, that embeds the SPA and the migrations.
 */
import { rmSync, readdirSync, statSync, writeFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { bundleSpa, chunkManifest, CHUNK_MANIFEST_PATH, compress } from "../src/features/site/assets";
import { BYTECODE_ORDER, compileServer, recordBytecodeOrder } from "./compile-server";

const root = join(import.meta.dir, "..");
const dist = join(root, "dist");
const webOut = join(dist, "web");
const started = performance.now();

rmSync(dist, { recursive: true, force: true });
const spa = await bundleSpa({ outdir: webOut, minify: true });
writeFileSync(join(webOut, CHUNK_MANIFEST_PATH), JSON.stringify(chunkManifest(spa.metafile!)));

let raw = 0;
let gzipped = 0;
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
for (const file of walk(webOut)) {
  const body = new Uint8Array(readFileSync(file));
  const { gzip, br } = compress(file, body, 11);
  raw += body.byteLength;
  if (gzip) {
    writeFileSync(`${file}.gz`, gzip);
    gzipped += gzip.byteLength;
  }
  if (br) writeFileSync(`${file}.br`, br);
}
console.log(`SPA: ${(raw / 1024).toFixed(0)} KB, ${(gzipped / 1024).toFixed(0)} KB gzipped → dist/web`);

// Compiled twice: the second time with the bytecode laid out as a first run used it (compile-server.ts).
const executable = join(dist, "layerlift");
await compileServer(root, "src/index.ts", executable);
await recordBytecodeOrder(executable, join(root, BYTECODE_ORDER));
await compileServer(root, "src/index.ts", executable, join(root, BYTECODE_ORDER));
const size = statSync(join(dist, "layerlift")).size;
console.log(
  `Executable: dist/layerlift (${(size / 1024 / 1024).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
