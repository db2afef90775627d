import { dismissToast, useToast } from "../../lib/use-toast";
import { Toast, ToastClose, ToastDescription, ToastTitle, ToastProvider, ToastViewport } from "./toast";

/** Renders the toast store (toasts made before it loaded included), with the Radix provider around it. */
export default function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider>
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
    </ToastProvider>
  );
}
