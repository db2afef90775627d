import { Link } from "wouter";
import { cn } from "../lib/utils";
import { isActiveLink } from "./nav-links";

const LOOKS = {
  bar: {
    base: "rounded-md px-2 py-2 text-sm focus-visible:outline-offset-2 lg:px-3",
    idle: "text-muted-foreground hover:bg-secondary hover:text-foreground",
  },
  menu: {
    base: "rounded-lg px-4 py-3 text-lg",
    idle: "text-foreground hover:bg-secondary",
  },
};

export interface NavLinkProps {
  href: string;
  label: string;
  /** Where the visitor is: the link to it is marked as the current page. */
  location: string;
  /** The navbar's row, or the full-screen menu of small screens. */
  place: keyof typeof LOOKS;
  onClick?: () => void;
  className?: string;
}

/** A link of the main navigation. */
export function NavLink({ href, label, location, place, onClick, className }: NavLinkProps) {
  const active = isActiveLink(href, location);
  const look = LOOKS[place];
  return (
    <Link
      href={href}
      onClick={onClick}
      aria-current={active ? "page" : undefined}
      className={cn(
        "font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
        look.base,
        active ? "bg-accent text-accent-foreground" : look.idle,
        className,
      )}
    >
      {label}
    </Link>
  );
}
