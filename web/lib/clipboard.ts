import { useEffect, useRef, useState } from "react";

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

/** Copies and shows "copied" for COPIED_FOR_MS; `copy` resolves false when the browser refused. */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy(text: string): Promise<boolean> {
    try {
      await copyText(text);
    } catch {
      return false;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return true;
  }
  return { copied, copy };
}
