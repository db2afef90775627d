import type { ReactNode } from "react";
import { create } from "zustand";

/** At most one toast is visible; a new one replaces the old. */
const TOAST_LIMIT = 1;
/** A dismissed toast stays mounted this long so Radix can animate it out. */
const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes; the provider's default is 5000. */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
}

const useToastStore = create<ToastState>(() => ({ toasts: [] }));
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    useToastStore.setState((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  }, TOAST_REMOVE_DELAY);
  removalTimers.set(id, timer);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  useToastStore.setState((state) => ({
    toasts: state.toasts.map((t) => {
      if (id !== undefined && t.id !== id) return t;
      scheduleRemoval(t.id);
      return { ...t, open: false };
    }),
  }));
}

let destructiveHeldUntil = 0;

/**
 * When a call ends the session, its 'Logged Out' toast must not be replaced a moment later by that
 * call's own failure toast: failure toasts are dropped for a short while.
 */
export function holdDestructiveToasts(ms: number): void {
  destructiveHeldUntil = Date.now() + ms;
}

/** Shows a toast and returns handles to close or change it. */
export function toast(options: ToastOptions) {
  if (options.variant === "destructive" && Date.now() < destructiveHeldUntil) {
    return { id: "", dismiss: () => {}, update: (_: ToastOptions) => {} };
  }
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = { variant: "default", ...options, id, open: true };
  useToastStore.setState((state) => {
    const kept = [item, ...state.toasts].slice(0, TOAST_LIMIT);
    for (const dropped of state.toasts) {
      if (!kept.includes(dropped)) {
        clearTimeout(removalTimers.get(dropped.id));
        removalTimers.delete(dropped.id);
      }
    }
    return { toasts: kept };
  });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastOptions) =>
      useToastStore.setState((state) => ({
        toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)),
      })),
  };
}

export function useToast() {
  const toasts = useToastStore((state) => state.toasts);
  return { toasts, toast, dismiss: dismissToast };
}
