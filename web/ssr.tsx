/**
 * The server's view of the SPA: renders a screen to HTML for src/features/web/pages.ts. Only the
 * server imports this file; the browser hydrates the result (main.tsx).
 */
import { prerender } from "react-dom/static";
import { Router } from "wouter";
import { App, preloadPage } from "./app";
import type { ClassMerges } from "../src/shared/class-merges";
import { recordClassMerges } from "./lib/utils";
import type { PageData } from "../src/shared/page-data";
import { queryClient } from "./lib/query-client";

export interface RenderedScreen {
  /** The markup inside #root. */
  html: string;
  /** The class merges the render made, for the page to carry (lib/utils.ts). */
  classMerges: ClassMerges;
}

let previous: Promise<unknown> = Promise.resolve();

/** The markup of `path` inside #root. Data that changes (session, reviews, counts) renders empty. */
export function renderScreen(path: string, data: PageData = []): Promise<RenderedScreen> {
  // One render at a time, so each records only its own class merges. Pages are rendered once per path.
  const render = previous.then(async () => {
    await preloadPage(path);
    for (const { queryKey, data: answer } of data) queryClient.setQueryData(queryKey, answer);
    const { result: html, merges: classMerges } = await recordClassMerges(async () => {
      const { prelude } = await prerender(
        <Router ssrPath={path}>
          <App />
        </Router>,
      );
      return new Response(prelude).text();
    });
    return { html, classMerges };
  });
  previous = render.catch(() => undefined);
  return render;
}
