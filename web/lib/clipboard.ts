import { useEffect, useRef, useState } from "react";
import { toast } from "./use-toast";

/** The copy confirmation clears after 2 s. */
export const COPIED_FOR_MS = 2000;

/** Clipboard API where allowed, else the old selection trick (plain http, older browsers). Throws if neither works. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    if (!ok) throw new Error("Copy is not available in this browser.");
  }
}

/** What a copy says in a toast: on success (optional; many buttons say it themselves), and in red on failure. */
export interface CopyToasts {
  copied?: (text: string) => { title: string; description?: string };
  failed: { title: string; description: string };
}

/** The failure toast of every button that copies a product or plugin key. */
export const KEY_NOT_COPIED = {
  title: "Failed",
  description: "Could not copy the key. Select it and copy it by hand.",
};

/**
 * Copies and shows "copied" for COPIED_FOR_MS; `copy` resolves false when the browser refused. With `toasts`, it
 * also says so in a toast: the failure toast tells the user to copy by hand.
 */
export function useCopy(toasts?: CopyToasts) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy(text: string): Promise<boolean> {
    try {
      await copyText(text);
    } catch {
      if (toasts) toast({ variant: "destructive", ...toasts.failed });
      return false;
    }
    const said = toasts?.copied?.(text);
    if (said) toast(said);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return true;
  }
  return { copied, copy };
}
