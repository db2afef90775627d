import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";
import { styled } from "./styled";

export const Card = styled("div", "rounded-xl border border-border bg-card text-card-foreground shadow-sm");
export const CardHeader = styled("div", "flex flex-col gap-1.5 p-6");
export const CardDescription = styled("p", "text-sm text-muted-foreground");
export const CardContent = styled("div", "p-6 pt-0");
export const CardFooter = styled("div", "flex items-center p-6 pt-0");

/** A card's heading; `level` keeps the page's outline without skips (h3 under a section's h2, h2 straight under the h1). */
export function CardTitle({ className, level = 3, ...props }: ComponentProps<"h3"> & { level?: 2 | 3 | 4 }) {
  const Heading = `h${level}` as const;
  return <Heading className={cn("text-xl font-semibold leading-tight tracking-tight", className)} {...props} />;
}
