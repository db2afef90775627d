/**
 * What has to happen once a test process is done with its files: bun test fires no exit event, but this file is
 * preloaded (bunfig.toml), so its afterAll runs after the last file; in a parallel run (npm test), where every
 * file gets fresh modules, after each file. Support modules register here what they started.
 */
import { afterAll } from "bun:test";

const tasks: (() => unknown)[] = [];

export function atRunEnd(task: () => unknown) {
  tasks.push(task);
}

// Outside `bun test` (a script borrowing the test helpers) there is no run to end.
try {
  afterAll(async () => {
    for (const task of tasks.splice(0)) await task();
  });
} catch {}
