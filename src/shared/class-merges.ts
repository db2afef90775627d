/**
 * The class merges a server-rendered page carries for the browser (web/lib/utils.ts): each class list
 * cn was given → the list tailwind-merge made of it, or 1 when that is the list itself.
 */
export const CLASS_MERGES_ID = "class-merges";

export type ClassMerges = Record<string, string | 1>;
