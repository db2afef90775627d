/**
 * The one inline script of every page, run in <head> before anything is painted: it applies the
 * stored theme (no flash of the wrong one) and marks a stored session, so the navbar shows the
 * signed-in links from the first frame. Then it loads the app (named by <meta name="app-entry">): on a
 * page the server rendered, once that text is on screen, so the first paint waits for no script at all;
 * on a page whose screen the browser renders (#root empty or only a frame), as soon as the HTML is read,
 * since the screen's content needs the code and waiting for a paint would only delay it. Until the code
 * runs, it also keeps a tap on a control marked as one that must not be lost (page-shell.ts). The CSP
 * allows exactly this script by its hash.
 */
import { createHash } from "node:crypto";
import { EARLY_TAP_ATTRIBUTE, SHELL_ATTRIBUTE } from "@shared/page-shell";
import { STORAGE_KEYS } from "@shared/storage-keys";
import { THEME_COLOURS } from "@shared/theme";

export const BOOT_SCRIPT = [
  "(function(){var root=document.documentElement;try{",
  `var choice=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)});`,
  'if(choice==="light"||(choice==="system"&&matchMedia("(prefers-color-scheme: light)").matches)){',
  'root.classList.replace("dark","light");',
  `var colour=document.querySelector('meta[name="theme-color"]');if(colour)colour.setAttribute("content",${JSON.stringify(THEME_COLOURS.light)});}`,
  `if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})||sessionStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)}))root.classList.add("signed-in");`,
  "}catch(e){}",
  // Once the page's text is on screen (the browser's first-contentful-paint entry, then a task): a frame
  // callback is not enough, since the first frame may hold only the background while the HTML is still
  // being parsed, and the app's code would then run before the text is drawn. Browsers without paint
  // timing wait for a frame. A hidden tab never paints, so it loads the app on load; a visible one that
  // somehow reports no paint does so 3 s after load.
  "var loaded=0;function load(){var entry=document.querySelector('meta[name=\"app-entry\"]');if(loaded||!entry)return;loaded=1;",
  'var script=document.createElement("script");script.type="module";script.src=entry.getAttribute("content");document.head.appendChild(script);}',
  "function soon(){setTimeout(load);}var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;",
  'if(types&&types.indexOf("paint")>=0){new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();soon();}}).observe({type:"paint",buffered:true});}',
  "else requestAnimationFrame(soon);",
  'addEventListener("load",function(){setTimeout(load,document.visibilityState==="hidden"?0:3000);});',
  // A page with nothing of its own to paint would wait for the fallback above: it loads the app once parsed.
  'document.addEventListener("DOMContentLoaded",function(){var app=document.getElementById("root");',
  `if(!app||!app.hasChildNodes()||app.hasAttribute(${JSON.stringify(SHELL_ATTRIBUTE)}))load();});`,
  // A tap on a marked control before React handles it (no props of React's on the element yet) would be
  // lost: note it on <html>, where the control's code picks it up when it mounts.
  `document.addEventListener("click",function(event){var target=event.target,control=target&&target.closest&&target.closest("[${EARLY_TAP_ATTRIBUTE}]");`,
  'if(control&&!Object.keys(control).some(function(key){return key.indexOf("__reactProps")===0;}))',
  `root.setAttribute(${JSON.stringify(EARLY_TAP_ATTRIBUTE)},control.getAttribute(${JSON.stringify(EARLY_TAP_ATTRIBUTE)}));},true);`,
  "})();",
].join("");

/** The script's CSP source expression: 'sha256-…'. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash("sha256").update(BOOT_SCRIPT).digest("base64")}'`;
