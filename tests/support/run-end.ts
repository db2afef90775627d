/**
 * What has to happen once, after the last test file of a run: bun test fires no exit event, but this file is
 * preloaded (bunfig.toml), so its afterAll runs after every file. Support modules register here.
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
