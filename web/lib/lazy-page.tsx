import { lazy, type ComponentType } from "react";

export type LazyPage<P extends object> = ComponentType<P> & {
  /** Fetches the page's code; once it is in, the page renders without suspending. */
  preload: () => Promise<void>;
};

/**
 * A screen whose code loads on its own route. Unlike a bare lazy(), it can be loaded ahead of
 * rendering: the server renders it complete, and the browser hydrates it in one pass with no
 * fallback in between (a suspended lazy() during hydration would keep a half-live page).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let Loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Suspending = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: one component per page, made once when the routes are declared
  function Page(props: P) {
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  }
  return Object.assign(Page, { preload: () => preload().then(() => undefined) });
}
