/**
 * The server's view of the SPA: renders a screen to HTML for src/features/web/pages.ts. Only the
 * server imports this file; the browser hydrates the result (main.tsx).
 */
import { prerender } from "react-dom/static";
import { Router } from "wouter";
import { App, preloadPage } from "./app";

/** The markup of `path` inside #root. Data that changes (session, reviews, counts) renders empty. */
export async function renderScreen(path: string): Promise<string> {
  await preloadPage(path);
  const { prelude } = await prerender(
    <Router ssrPath={path}>
      <App />
    </Router>,
  );
  return new Response(prelude).text();
}
