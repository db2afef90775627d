import { StrictMode, startTransition } from "react";
import type { createRoot, hydrateRoot } from "react-dom/client";
import { App, preloadPage } from "./app";
import { installFonts } from "./lib/fonts";
import { adoptClassMerges, readClassMerges } from "./lib/utils";

type ReactDomClient = { createRoot: typeof createRoot; hydrateRoot: typeof hydrateRoot };

/** Renders the app into #root, taking over the server's HTML when there is some. */
export function mount({ createRoot, hydrateRoot }: ReactDomClient): void {
  installFonts();

  const container = document.getElementById("root");
  if (!container) throw new Error("The page has no #root element.");

  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );

  // Public screens arrive rendered by the server: take over that HTML as it is, once the screen's code is
  // in. Hydrating while that code still downloads and compiles meant two passes, each competing with the
  // other for a slow phone's CPU; a click made before hydration is held by React and replayed. Signed-in
  // screens arrive empty and render here.
  if (container.hasChildNodes()) {
    adoptClassMerges(readClassMerges(document)); // the first render gives the server's class lists without tailwind-merge
    const hydrate = () =>
      // As a transition, hydration works in short slices and lets the browser respond in between.
      startTransition(() => {
        hydrateRoot(container, app);
      });
    // A screen whose code fails to load still hydrates: its lazy boundary shows the error screen.
    void preloadPage(window.location.pathname).then(hydrate, hydrate);
  } else {
    createRoot(container).render(app);
  }
}
