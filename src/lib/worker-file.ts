/**
 * Where a worker thread's code is. Inside the executable each worker is an entry of its own
 * (scripts/compile-server.ts builds every file in WORKER_FILES in), under its path from src/; there a
 * path to the source file would name a file that is not on the operator's machine. From the source
 * tree it is the file itself.
 */

/** Every file the server starts as a worker thread, by its path from src/. */
export const WORKER_FILES = ["features/backups/worker.ts"] as const;

export type WorkerFile = (typeof WORKER_FILES)[number];

const INSIDE_EXECUTABLE = "/$bunfs/root/";

export function workerFile(file: WorkerFile): string {
  if (Bun.main.startsWith(INSIDE_EXECUTABLE)) return INSIDE_EXECUTABLE + file;
  return new URL(`../${file}`, import.meta.url).href;
}
