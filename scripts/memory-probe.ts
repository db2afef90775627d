// The executable as `npm run bench -- memory` looks at it from inside: the same entry as src/index.ts,
// compiled the same way (scripts/compile-server.ts), plus two things the environment asks for:
//   PROBE_LOAD=name,name  loads these lazily loaded modules (src/lib/lazy-module.ts) before it serves;
//   PROBE_REPORT=path     on SIGUSR2, collects garbage and writes there, as JSON, the JS heap (bun:jsc
//                         heapStats) with each object type's count and bytes (from a heap snapshot),
//                         process.memoryUsage() and which lazy modules have loaded;
//   PROBE_LIST=1          prints the lazily loaded modules' names (PROBE_LIST ["…"]) and exits.
// No exports and no top-level await, like src/index.ts (the compiled entry is CommonJS).
import { heapStats } from "bun:jsc";
import { writeFileSync } from "node:fs";
import { runCli } from "../src/cli";
import { lazyModules } from "../src/lib/lazy-module";

if (process.env.PROBE_LIST) {
  console.log(`PROBE_LIST ${JSON.stringify(lazyModules().map((module) => module.name))}`);
  process.exit(0);
}

const wanted = (process.env.PROBE_LOAD ?? "").split(",").filter(Boolean);
const report = process.env.PROBE_REPORT;

/** Count and bytes (their own, not what they hold) of each object type in a heap snapshot. */
function objectTypes(): { type: string; count: number; bytes: number }[] {
  // JavaScriptCore's snapshot: four numbers a node (id, size, class name index, flags).
  const snapshot = Bun.generateHeapSnapshot() as unknown as { nodes: number[]; nodeClassNames: string[] };
  const types = snapshot.nodeClassNames.map((type) => ({ type, count: 0, bytes: 0 }));
  for (let i = 0; i < snapshot.nodes.length; i += 4) {
    types[snapshot.nodes[i + 2]].count++;
    types[snapshot.nodes[i + 2]].bytes += snapshot.nodes[i + 1];
  }
  return types.filter((type) => type.count > 0).sort((a, b) => b.bytes - a.bytes);
}

if (report) {
  process.on("SIGUSR2", () => {
    Bun.gc(true);
    const stats = heapStats();
    writeFileSync(
      report,
      JSON.stringify({
        heapSize: stats.heapSize,
        heapCapacity: stats.heapCapacity,
        extraMemorySize: stats.extraMemorySize,
        objectCount: stats.objectCount,
        objectTypes: objectTypes(),
        memoryUsage: process.memoryUsage(),
        loaded: lazyModules()
          .filter((module) => module.loaded)
          .map((module) => module.name),
      }),
    );
  });
}

Promise.all(
  wanted.map((name) => {
    const module = lazyModules().find((candidate) => candidate.name === name);
    if (!module) throw new Error(`no lazily loaded module is named "${name}"`);
    return module.load();
  }),
)
  .then(() => runCli(process.argv.slice(2)))
  .then(
    (code) => {
      if (code >= 0) process.exit(code);
    },
    (error) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exit(1);
    },
  );
