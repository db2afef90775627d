import { useRef, type ComponentProps } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { cn } from "../../lib/utils";
import { styled } from "./styled";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export const DialogOverlay = styled(
  DialogPrimitive.Overlay,
  "fixed inset-0 z-50 bg-black/75 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
);

/**
 * The element that last had focus outside any dialog. A dialog opened by code (after a request, say)
 * may open while its opener is disabled and the page body holds focus; this still knows the opener.
 */
let lastFocusedOutside: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener(
    "focusin",
    (event) => {
      if (event.target instanceof HTMLElement && !event.target.closest('[role="dialog"], [role="alertdialog"]'))
        lastFocusedOutside = event.target;
    },
    true,
  );
}

function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : lastFocusedOutside;
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Hides the corner close button (e.g. when the dialog has its own Cancel). */
  hideClose?: boolean;
}

/**
 * Focus returns to what opened the dialog when it closes, whether a trigger or code opened it (Radix
 * alone returns it only to a Dialog.Trigger, and leaves it on the page body otherwise).
 */
export function DialogContent({
  className,
  children,
  hideClose = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-popover p-6 text-popover-foreground shadow-2xl data-[state=closed]:animate-fade-out data-[state=open]:animate-zoom-in",
          className,
        )}
        onOpenAutoFocus={(event) => {
          opener.current = focusedElement();
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = opener.current;
          opener.current = null;
          if (event.defaultPrevented || !target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
        {...props}
      >
        {children}
        {!hideClose && (
          <DialogPrimitive.Close className="absolute top-4 right-4 cursor-pointer rounded-sm p-1 text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
            <X className="size-4" aria-hidden />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export const DialogHeader = styled("div", "flex flex-col gap-1.5 pr-6 text-left");
export const DialogFooter = styled("div", "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end");
export const DialogTitle = styled(DialogPrimitive.Title, "text-lg font-semibold leading-tight");
export const DialogDescription = styled(DialogPrimitive.Description, "text-sm text-muted-foreground");
