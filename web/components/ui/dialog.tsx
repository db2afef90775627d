import { useRef, type ComponentProps, type ReactNode } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { cn } from "../../lib/utils";
import { useT } from "../../lib/language";
import { Button } from "./button";
import { styled } from "./styled";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export const DialogOverlay = styled(
  DialogPrimitive.Overlay,
  "fixed inset-0 z-50 bg-black/75 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
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
  const t = useT();
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
            <span className="sr-only">{t("dialog.close")}</span>
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

export interface DialogFrameProps {
  /** What opens it; left out when the caller opens it through `open`. */
  trigger?: ReactNode;
  /** Left out for a dialog only its trigger opens. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  /** Under the title: a sentence, or paragraphs. */
  description: ReactNode;
  /** An alert dialog, which asks before an action: a click outside does not dismiss it. */
  alert?: boolean;
  /** Hides the corner close button, for a dialog whose own buttons close it. */
  hideClose?: boolean;
  /** Its width, where the usual one does not fit what it holds. */
  className?: string;
  /** The body, and the footer if it has one. */
  children: ReactNode;
}

/** Every dialog of the site: its opener, a title with its description, then what it holds. */
export function DialogFrame(props: DialogFrameProps) {
  const { trigger, open, onOpenChange, title, description, alert = false, hideClose = false } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent
        className={props.className}
        role={alert ? "alertdialog" : "dialog"}
        hideClose={hideClose}
        onPointerDownOutside={alert ? (event) => event.preventDefault() : undefined}
      >
        <DialogHeader className={hideClose ? "pr-0" : undefined}>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div className="grid gap-2">{description}</div>
          </DialogDescription>
        </DialogHeader>
        {props.children}
      </DialogContent>
    </Dialog>
  );
}

/** A dialog's footer: Cancel, which closes it, then its one action. */
export function DialogActions({ cancelLabel, children }: { cancelLabel?: ReactNode; children: ReactNode }) {
  const t = useT();
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">{cancelLabel ?? t("dialog.cancel")}</Button>
      </DialogClose>
      {children}
    </DialogFooter>
  );
}
