import { dismissToast, useToast } from "../../lib/use-toast";
import { Toast, ToastClose, ToastDescription, ToastTitle, ToastViewport } from "./toast";

/** Renders the toast store; sits inside the ToastProvider that wraps the app. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <>
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
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </>
  );
}
