import type { ReactNode } from "react";

/**
 * Grey shapes where content is on its way, marked busy. Its name is text for screen readers only ("Loading
 * purchases"), read where it stands: not a live region, so it is not announced on its own.
 */
export function LoadingPlaceholder({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
