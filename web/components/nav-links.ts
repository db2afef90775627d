/** The links every visitor sees in the navigation bar. */
export const PUBLIC_NAV_LINKS = [
  { href: "/", label: "Home" },
  { href: "/purchase", label: "Purchase" },
  { href: "/support", label: "Support" },
  // The setup guide and the tag reference: a buyer's first stop after paying, one click from every page.
  { href: "/docs", label: "Docs" },
] as const;

export const DASHBOARD_LINK = { href: "/dashboard", label: "Dashboard" } as const;

/** Home is active only on exactly "/"; every other link on its path and anything below it. */
export function isActiveLink(href: string, location: string): boolean {
  if (href === "/") return location === "/";
  return location === href || location.startsWith(`${href}/`);
}
