import { useLocation } from "wouter";
import { DEFAULT_LANGUAGE, splitLanguagePath } from "@shared/languages";
import { loadedCatalogue } from "../../lib/i18n";
import { dismissToast, useToast } from "../../lib/use-toast";
import { Toast, ToastClose, ToastDescription, ToastTitle, ToastProvider, ToastViewport } from "./toast";

/**
 * What screen readers hear for the toasts, in the page's language. The Toaster sits beside the pages, outside
 * their language, so it reads the address itself; English keeps Radix's own words.
 */
function useToastWords(): { close?: string; toast?: string; region?: string } {
  const [path] = useLocation();
  const { language } = splitLanguagePath(path);
  const i18n = language === DEFAULT_LANGUAGE ? null : loadedCatalogue(language);
  if (!i18n) return {};
  // Radix puts the hotkey (F8) where the label says {hotkey}.
  return {
    close: i18n._("toast.close"),
    toast: i18n._("toast.label"),
    region: i18n._("toast.region", { hotkey: "{hotkey}" }),
  };
}

/** Renders the toast store (toasts made before it loaded included), with the Radix provider around it. */
export default function Toaster() {
  const { toasts } = useToast();
  const words = useToastWords();
  return (
    <ToastProvider {...(words.toast && { label: words.toast })}>
      {toasts.map(({ id, title, description, variant, open, duration }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose {...(words.close && { "aria-label": words.close })} />
        </Toast>
      ))}
      <ToastViewport {...(words.region && { label: words.region })} />
    </ToastProvider>
  );
}
