import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";
import { CLASS_MERGES_ID, type ClassMerges } from "@shared/class-merges";

/**
 * tailwind-merge builds its table of every Tailwind class on its first call: ~20 ms of a phone's
 * main thread, which used to land in the middle of hydration. So a server-rendered page carries the
 * merges its render made (src/shared/class-merges.ts) and cn answers those from it; the table is built
 * only for a class list the server never saw, after something the visitor did.
 */

let pageMerges: ClassMerges | null = null;
let recording: Map<string, string> | null = null;

/** Has cn answer from these merges (the page's, read by mount.tsx), or from tailwind-merge alone with null. */
export function adoptClassMerges(merges: ClassMerges | null): void {
  pageMerges = merges;
}

/** The merges a server-rendered page carries, or null when it carries none (or they don't parse). */
export function readClassMerges(document: Document): ClassMerges | null {
  const text = document.getElementById(CLASS_MERGES_ID)?.textContent;
  if (!text) return null;
  try {
    const merges: unknown = JSON.parse(text);
    return merges && typeof merges === "object" && !Array.isArray(merges) ? (merges as ClassMerges) : null;
  } catch {
    return null;
  }
}

/** Joins class names and lets later Tailwind classes win over earlier ones. A lone class list is taken as written. */
export function cn(...inputs: ClassValue[]): string {
  const given = inputs.filter(Boolean);
  if (given.length === 1 && typeof given[0] === "string") return given[0];
  const joined = clsx(inputs);
  const known = pageMerges && Object.hasOwn(pageMerges, joined) ? pageMerges[joined] : undefined;
  if (known === 1) return joined;
  if (typeof known === "string") return known;
  const merged = twMerge(joined);
  recording?.set(joined, merged);
  return merged;
}

/**
 * Runs a server render and returns, with its result, the merges cn made during it. Renders must not overlap (web/ssr.tsx runs one at a time).
 */
export async function recordClassMerges<T>(render: () => Promise<T>): Promise<{ result: T; merges: ClassMerges }> {
  const seen = new Map<string, string>();
  recording = seen;
  try {
    const result = await render();
    const merges: ClassMerges = {};
    for (const [joined, merged] of seen) merges[joined] = merged === joined ? 1 : merged;
    return { result, merges };
  } finally {
    recording = null;
  }
}
