import type { ComponentProps, ElementType, JSXElementConstructor } from "react";
import { cn } from "../../lib/utils";

// biome-ignore lint/suspicious/noExplicitAny: any component at all, whatever its props; unknown would accept none
type Styleable = keyof React.JSX.IntrinsicElements | JSXElementConstructor<any>;

/**
 * `Base` with the kit's look: `classes` come first, so a caller's className can add to them or, for
 * the same property, override them. For the primitives that are nothing but a styled element.
 */
export function styled<C extends Styleable>(Base: C, classes: string) {
  const Element: ElementType = Base;
  function Styled({ className, ...props }: ComponentProps<C> & { className?: string }) {
    return <Element className={cn(classes, className)} {...props} />;
  }
  Styled.displayName = `styled(${typeof Base === "string" ? Base : Base.name || "Component"})`;
  return Styled;
}
