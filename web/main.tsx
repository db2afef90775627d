import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, preloadPage } from "./app";
import { installFonts } from "./lib/fonts";

installFonts();

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element.");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Public screens arrive rendered by the server: load the screen's code, then take over that HTML
// as it is. Signed-in screens arrive empty and render here.
if (container.hasChildNodes()) {
  preloadPage(window.location.pathname)
    .catch(() => undefined) // a failed chunk suspends inside the app's own boundary instead
    .then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
