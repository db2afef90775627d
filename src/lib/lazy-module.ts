/**
 * Code the server loads on first use, not at start (docs/architecture.md#decisions): each boundary is a
 * `lazyModule(name, () => import("…"))` (or a `lazyRequire` where the caller can't wait), named here when
 * the file defining it is loaded and marked once it has loaded. A test holds a fresh server to having loaded none of them, and `npm run bench -- memory`
 * loads each on purpose to measure what it costs.
 */

interface Entry {
  load: () => Promise<unknown>;
  loaded: boolean;
}

const registry = new Map<string, Entry>();

/**
 * The loader of one lazily loaded module: the first call imports it, later calls answer the same
 * module. A failed import is forgotten, so the next call tries again.
 */
export function lazyModule<T>(name: string, importer: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  const entry: Entry = { load: () => load(), loaded: false };
  const load = (): Promise<T> => {
    loading ??= importer().then(
      (module) => {
        entry.loaded = true;
        return module;
      },
      (error) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  register(name, entry);
  return load;
}

/** The same for a module needed synchronously: `load` is a `require(…)`, run on the first call. */
export function lazyRequire<T>(name: string, load: () => T): () => T {
  let module: { value: T } | null = null;
  const entry: Entry = { load: async () => get(), loaded: false };
  const get = (): T => {
    module ??= { value: load() };
    entry.loaded = true;
    return module.value;
  };
  register(name, entry);
  return get;
}

function register(name: string, entry: Entry) {
  if (registry.has(name)) throw new Error(`two lazily loaded modules are named "${name}"`);
  registry.set(name, entry);
}

/** Every lazily loaded module defined so far, with whether it has been loaded. */
export function lazyModules(): { name: string; loaded: boolean; load: () => Promise<unknown> }[] {
  return [...registry].map(([name, entry]) => ({ name, loaded: entry.loaded, load: entry.load }));
}
