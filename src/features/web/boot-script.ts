/**
 * The one inline script of every page, run in <head> before anything is painted: it applies the
 * stored theme (no flash of the wrong one) and marks a stored session, so the navbar shows the
 * signed-in links from the first frame. Then, once the server's HTML is on screen, it loads the app
 * (named by <meta name="app-entry">): the first paint waits for no script at all. The CSP allows
 * exactly this script by its hash.
 */
import { createHash } from "node:crypto";
import { STORAGE_KEYS } from "../../shared/storage-keys";
import { THEME_COLOURS } from "../../shared/theme";

export const BOOT_SCRIPT = [
  "(function(){var root=document.documentElement;try{",
  `var choice=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)});`,
  'if(choice==="light"||(choice==="system"&&matchMedia("(prefers-color-scheme: light)").matches)){',
  'root.classList.replace("dark","light");',
  `var colour=document.querySelector('meta[name="theme-color"]');if(colour)colour.setAttribute("content",${JSON.stringify(THEME_COLOURS.light)});}`,
  `if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})||sessionStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)}))root.classList.add("signed-in");`,
  "}catch(e){}",
  // After the first frame is painted (a frame callback, then a task); on load at the latest, for tabs that don't paint.
  'var loaded=0;function load(){var entry=document.querySelector(\'meta[name="app-entry"]\');if(loaded||!entry)return;loaded=1;',
  'var script=document.createElement("script");script.type="module";script.src=entry.getAttribute("content");document.head.appendChild(script);}',
  'requestAnimationFrame(function(){setTimeout(load);});addEventListener("load",function(){setTimeout(load,100);});',
  "})();",
].join("");

/** The script's CSP source expression: 'sha256-…'. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash("sha256").update(BOOT_SCRIPT).digest("base64")}'`;
