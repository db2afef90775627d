import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

export const fieldClasses =
  "w-full rounded-md border border-input bg-background px-3 text-base text-foreground shadow-sm transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive-text sm:text-sm";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(fieldClasses, "h-10 py-2 file:border-0 file:bg-transparent", className)}
      {...props}
    />
  );
}
