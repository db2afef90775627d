/** The links every visitor sees in the navigation bar; each `label` is a message of the catalogues. */
export const PUBLIC_NAV_LINKS = [
  { href: "/", label: "frame.nav.home" },
  { href: "/purchase", label: "frame.nav.purchase" },
  { href: "/support", label: "frame.nav.support" },
  // The setup guide and the tag reference: a buyer's first stop after paying, one click from every page.
  { href: "/docs", label: "frame.nav.docs" },
] as const;

export const DASHBOARD_LINK = { href: "/dashboard", label: "frame.nav.dashboard" } as const;

/** Home is active only on exactly "/"; every other link on its path and anything below it. */
export function isActiveLink(href: string, location: string): boolean {
  if (href === "/") return location === "/";
  return location === href || location.startsWith(`${href}/`);
}
