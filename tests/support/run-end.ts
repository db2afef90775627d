/**
 * What support modules need around every test and at the end of a test process. This file is preloaded
 * (bunfig.toml), so the hooks below are global: they run for every test of every file a process runs.
 *
 * A support module registers here instead of calling `beforeEach`/`afterEach` itself: `npm test`'s workers
 * keep their modules from one file to the next (`--no-isolate`), so a support module is loaded once per
 * worker, and hooks it registered while loading would belong to the first file that imported it alone.
 *
 * The end of a process: bun test fires no exit event, but a preloaded afterAll runs after the last file.
 */
import { afterAll, afterEach, beforeEach } from "bun:test";

const beforeTasks: (() => unknown)[] = [];
const afterTasks: (() => unknown)[] = [];
const endTasks: (() => unknown)[] = [];

/** Runs `task` before every test, from the next test on. */
export function beforeEveryTest(task: () => unknown) {
  beforeTasks.push(task);
}

/** Runs `task` after every test; a task that throws fails the test. */
export function afterEveryTest(task: () => unknown) {
  afterTasks.push(task);
}

/** Runs `task` once the process is done with its files. */
export function atRunEnd(task: () => unknown) {
  endTasks.push(task);
}

// Outside `bun test` (a script borrowing the test helpers) there is no test and no run to end.
try {
  beforeEach(async () => {
    for (const task of beforeTasks) await task();
  });
  afterEach(async () => {
    for (const task of afterTasks) await task();
  });
  afterAll(async () => {
    for (const task of endTasks.splice(0)) await task();
  });
} catch {}
