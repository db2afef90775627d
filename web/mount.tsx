import { StrictMode, startTransition } from "react";
import type { createRoot, hydrateRoot } from "react-dom/client";
import { App, preloadPage } from "./app";
import { installFonts } from "./lib/fonts";
import { adoptClassMerges, readClassMerges } from "./lib/utils";
import { SHELL_ATTRIBUTE } from "@shared/page-shell";
import { queryClient } from "./lib/query-client";
import { PAGE_DATA_ID, type QuerySeed } from "@shared/page-data";

function readPageData(document: Document): QuerySeed[] {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return [];
  try {
    const seeds: unknown = JSON.parse(text);
    return Array.isArray(seeds) ? (seeds as QuerySeed[]) : [];
  } catch {
    return [];
  }
}

type ReactDomClient = { createRoot: typeof createRoot; hydrateRoot: typeof hydrateRoot };

/** Renders the app into #root, taking over the server's HTML when there is some. */
export function mount({ createRoot, hydrateRoot }: ReactDomClient): void {
  installFonts();

  const container = document.getElementById("root");
  if (!container) throw new Error("The page has no #root element.");
  // The answers the server rendered with (the price list…): the first render must match its HTML.
  for (const seed of readPageData(document)) queryClient.setQueryData(seed.key, seed.data);

  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );

  // Public screens arrive rendered by the server: take over that HTML as it is. A screen whose code is
  // still on its way keeps the server's HTML until the code arrives (React holds a click made meanwhile
  // and replays it). Signed-in screens arrive as a frame (header, footer, skeleton) and render here over it.
  if (container.hasChildNodes() && !container.hasAttribute(SHELL_ATTRIBUTE)) {
    adoptClassMerges(readClassMerges(document)); // the first render gives the server's class lists without tailwind-merge
    void preloadPage(window.location.pathname).catch(() => undefined); // start fetching the screen's code now
    // As a transition, hydration works in short slices and lets the browser respond in between.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    void preloadPage(window.location.pathname).catch(() => undefined);
    createRoot(container).render(app);
  }
}
