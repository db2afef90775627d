import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

export interface ProgressProps extends ComponentProps<"div"> {
  /** 0 to 100; clamped. */
  value: number;
  /** What the bar measures, for screen readers. */
  label?: string;
}

export function Progress({ className, value, label, ...props }: ProgressProps) {
  const percent = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-label={label}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-secondary", className)}
      {...props}
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-500"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
