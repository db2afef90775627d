/**
 * The one inline script of every page, run in <head> before anything is painted: it applies the
 * stored theme (no flash of the wrong one) and marks a stored session, so the navbar shows the
 * signed-in links from the first frame. The CSP allows exactly this script by its hash.
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
  "}catch(e){}})();",
].join("");

/** The script's CSP source expression: 'sha256-…'. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash("sha256").update(BOOT_SCRIPT).digest("base64")}'`;
