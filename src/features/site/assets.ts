/**
 * The SPA's files, served by the app itself so they get the same headers, compression and caching
 * as the API. The executable embeds a pre-built, pre-compressed dist/web; from the repo the SPA is
 * bundled in memory on first use.
 */
import { readdirSync, statSync } from "node:fs";
import { extname, join, sep } from "node:path";
import { brotliCompressSync, constants as zlib } from "node:zlib";

type Bytes = Uint8Array<ArrayBuffer>;

export interface Asset {
  /**
   * The file's bytes. A hashed file embedded in the executable stays a Blob over the executable's own
   * pages (as do its compressed forms), read only when it is sent, never copied into memory.
   */
  body: Bytes | Blob;
  type: string;
  etag: string;
  /** Hashed file names never change content: cache for a year. */
  immutable: boolean;
  gzip?: Bytes | Blob;
  br?: Bytes | Blob;
}

/** An asset's bytes, read from the executable when it is kept there. */
export async function assetBytes(asset: Asset): Promise<Bytes> {
  return asset.body instanceof Blob ? new Uint8Array(await asset.body.arrayBuffer()) : asset.body;
}

export type AssetMap = Map<string, Asset>;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".svg", ".json", ".txt", ".webmanifest"]);

const typeOf = (path: string) => TYPES[extname(path)] ?? "application/octet-stream";
const isHashed = (path: string) => path.startsWith("/assets/");

/**
 * The executable embeds dist/web (compile.assets); Bun lists those files in Bun.embeddedFiles as
 * "web/…" (the embedded file system can't be listed with readdir). Hashed files are served from there
 * as they are (their name is their ETag); the few others (the page template, the chunk manifest) are
 * read, so a change between builds changes their ETag.
 */
async function readEmbeddedAssets(): Promise<AssetMap | null> {
  const files = new Map<string, Blob>();
  for (const file of Bun.embeddedFiles as (Blob & { name: string })[]) {
    if (file.name.startsWith("web/")) files.set(`/${file.name.slice(4)}`, file);
  }
  return builtAssets(files);
}

/** The files of a built SPA (dist/web's layout: hashed names, .gz and .br beside them) by their URL path. */
async function builtAssets(files: Map<string, Blob>): Promise<AssetMap | null> {
  if (!files.has("/index.html")) return null;
  const map: AssetMap = new Map();
  for (const [path, blob] of files) {
    if (path.endsWith(".gz") || path.endsWith(".br")) continue;
    const precompressed = { gzip: files.get(`${path}.gz`), br: files.get(`${path}.br`) };
    map.set(
      path,
      isHashed(path)
        ? {
            body: blob,
            type: typeOf(path),
            etag: `"${Bun.hash(path).toString(36)}"`,
            immutable: true,
            ...precompressed,
          }
        : makeAsset(path, new Uint8Array(await blob.arrayBuffer()), precompressed),
    );
  }
  return map;
}

export function compress(path: string, body: Bytes, brotliQuality: number): { gzip?: Bytes; br?: Bytes } {
  if (!COMPRESSIBLE.has(extname(path)) || body.byteLength < 512) return {};
  return {
    gzip: Bun.gzipSync(body, { level: 9 }),
    br: new Uint8Array(brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: brotliQuality } })),
  };
}

export function makeAsset(
  path: string,
  body: Bytes,
  precompressed?: Pick<Asset, "gzip" | "br">,
): Asset & { body: Bytes } {
  return {
    body,
    type: typeOf(path),
    etag: `"${Bun.hash(body).toString(36)}"`,
    immutable: isHashed(path),
    ...(precompressed ?? compress(path, body, 5)),
  };
}

/** Bundles web/index.html with Tailwind. Used by the build script and, from the repo, at run time. */
export async function bundleSpa(options: { outdir?: string; minify?: boolean } = {}) {
  const { default: tailwind } = await import("bun-plugin-tailwind");
  const { catalogueCompiler } = await import("./catalogues");
  const root = join(import.meta.dir, "../../../web");
  const result = await Bun.build({
    entrypoints: [join(root, "index.html")],
    outdir: options.outdir,
    minify: options.minify ?? true,
    splitting: true,
    // Bun's own preloading adds a <link rel="modulepreload"> from script for each chunk an import() will need, 1-6 ms
    // of the page's main thread each in Chromium, at the start of hydration; the server names the chunks of the
    // screens the browser renders in their page's <head> instead (pages.ts, modulePreloads).
    modulePreload: false,
    minChunkSize: 16384,
    publicPath: "/",
    naming: { entry: "[name].[ext]", chunk: "assets/[name]-[hash].[ext]", asset: "assets/[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [tailwind, catalogueCompiler],
    metafile: true,
  });
  if (!result.success) throw new AggregateError(result.logs, "The SPA failed to build");
  return result;
}

/**
 * Which files the SPA's code needs at start and which each screen needs, so a page the browser renders
 * can ask for them all in its <head> (<link rel="modulepreload">) instead of one import after another.
 */
export interface ChunkManifest {
  /** The entry script and what it imports at once (React DOM, the app). */
  start: string[];
  /** By source module ("web/pages/dashboard/index.tsx"): its chunk and the chunks it imports statically. */
  modules: Record<string, string[]>;
  /**
   * By language ("de"): the chunk of the catalogue a screen of that language fetches with its code; for English,
   * the rest of its messages (the first part comes with the app).
   */
  catalogues: Record<string, string[]>;
}

/** Kept with the SPA's files (built into dist/web, or added in memory); not a page. */
export const CHUNK_MANIFEST_PATH = "/chunk-manifest.json";

/** From the bundler's metafile (paths there are relative to the working directory: "./assets/x.js", "web/main.tsx"). */
export function chunkManifest(metafile: Bun.BuildMetafile): ChunkManifest {
  const url = (output: string) => `/${output.replace(/^\.\//, "")}`;
  const source = (input: string) => input.replace(/^.*?(?=\bweb\/)/, "");
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (output: string) => {
      if (seen.has(output) || !metafile.outputs[output]) return;
      seen.add(output);
      for (const imported of metafile.outputs[output].imports)
        if (imported.kind === "import-statement") visit(imported.path);
    };
    roots.forEach(visit);
    return [...seen].map(url);
  };
  const outputs = Object.entries(metafile.outputs).filter(([path]) => path.endsWith(".js"));
  const entry = outputs.find(([, output]) =>
    Object.keys(output.inputs).some((input) => source(input) === "web/main.tsx"),
  );
  const startRoots = entry
    ? [
        entry[0],
        ...entry[1].imports.filter((imported) => imported.kind === "dynamic-import").map((imported) => imported.path),
      ]
    : [];
  const modules: Record<string, string[]> = {};
  for (const [path, output] of outputs) if (output.entryPoint) modules[source(output.entryPoint)] = closure([path]);
  const catalogues: Record<string, string[]> = {};
  for (const [path, output] of outputs) {
    for (const input of Object.keys(output.inputs)) {
      const [, language, rest] = /locales[\\/]([^\\/]+)\.json(\.rest)?$/.exec(input) ?? [];
      if (language && (language !== "en" || rest)) catalogues[language] = closure([path]);
    }
  }
  return { start: closure(startRoots), modules, catalogues };
}

let loading: Promise<AssetMap> | null = null;

/**
 * Serves the SPA built into `dir` (as `npm run build` lays out dist/web) instead of bundling it in this
 * process: the test runner builds it once for all its workers.
 */
export function serveBuiltSpa(dir: string) {
  const files = new Map<string, Blob>();
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const file = Bun.file(join(dir, name));
    if (statSync(join(dir, name)).isFile()) files.set(`/${name.split(sep).join("/")}`, file);
  }
  loading = builtAssets(files).then((map) => {
    if (!map) throw new Error(`${dir} holds no built SPA (no index.html)`);
    return map;
  });
}

/** The SPA's assets, loaded once per process. */
export function loadSpaAssets(): Promise<AssetMap> {
  loading ??= (async () => {
    const embedded = await readEmbeddedAssets();
    if (embedded) return embedded;
    const result = await bundleSpa();
    const map: AssetMap = new Map();
    for (const output of result.outputs) {
      const path = `/${output.path.replace(/^\.\//, "")}`;
      map.set(path, makeAsset(path, new Uint8Array(await output.arrayBuffer())));
    }
    const manifest = JSON.stringify(chunkManifest(result.metafile!));
    map.set(CHUNK_MANIFEST_PATH, makeAsset(CHUNK_MANIFEST_PATH, new TextEncoder().encode(manifest)));
    return map;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
