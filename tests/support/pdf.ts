/** Reads a PDF answer back as text with pdftotext (Debian's poppler-utils), so tests check what a reader sees. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function pdfToText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "layerlift-pdf-"));
  try {
    const file = join(dir, "document.pdf");
    writeFileSync(file, bytes);
    const run = Bun.spawnSync(["pdftotext", "-layout", file, "-"]);
    if (run.exitCode !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`);
    return run.stdout.toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** GETs `path` from the app in-process; answers the status, the content type and the body's bytes. */
export async function getBytes(app: { handle(request: Request): Promise<Response> }, path: string, token?: string) {
  const response = await app.handle(
    new Request(`http://localhost${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
  );
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}
