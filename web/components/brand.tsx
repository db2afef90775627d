import { Layers } from "lucide-react";
import { Link } from "wouter";
import { PRODUCT_NAME } from "@shared/product";
import { cn } from "../lib/utils";

/** The product mark: icon and name, linking home. */
export function Brand({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <Link
      href="/"
      onClick={onNavigate}
      className={cn(
        "inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-foreground focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring",
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <Layers className="size-5" aria-hidden />
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}
