import { LogOut } from "lucide-react";
import { Link, useLocation } from "wouter";
import { useLogout, useMe } from "../lib/queries/auth";
import { useIsSignedIn } from "../lib/session";
import { Brand } from "./brand";
import { MobileMenu } from "./mobile-menu";
import { NavLink } from "./nav-link";
import { DASHBOARD_LINK, PUBLIC_NAV_LINKS, isActiveLink } from "./nav-links";
import { Button } from "./ui/button";
import { LanguageSelect } from "./language-select";
import { useT } from "../lib/language";

/** The bar on every screen: brand, public links, and the account actions for who is looking. */
export function Navbar() {
  const [location] = useLocation();
  const signedIn = useIsSignedIn();
  const logout = useLogout();
  const t = useT();
  useMe();

  return (
    // Opaque, not a blurred see-through bar: a backdrop blur is redrawn on every frame the page scrolls under it,
    // which a slow phone pays for in dropped frames.
    <header className="sticky top-0 z-40 border-b border-border bg-background">
      <div className="mx-auto flex h-16 w-full max-w-[1200px] items-center justify-between gap-4 px-4 sm:px-6 md:gap-2 lg:gap-4">
        <Brand />

        <nav aria-label={t("frame.nav.main")} className="hidden items-center gap-1 md:flex">
          {PUBLIC_NAV_LINKS.map((link) => (
            <NavLink key={link.href} href={link.href} label={t(link.label)} location={location} place="bar" />
          ))}
          <NavLink
            href={DASHBOARD_LINK.href}
            label={t(DASHBOARD_LINK.label)}
            location={location}
            place="bar"
            className="visitor:hidden"
          />
        </nav>

        {/*
          Both sets are rendered and the page's first script marks a stored session on <html>, so the
          server's HTML shows the right one from the first frame (session.ts keeps the mark current).
        */}
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSelect id="header-language" compact />
          <Button variant="outline" size="sm" className="visitor:hidden" onClick={logout}>
            <LogOut aria-hidden />
            {t("frame.logout")}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="signed-in:hidden aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground"
            asChild
          >
            <Link href="/login" aria-current={isActiveLink("/login", location) ? "page" : undefined}>
              {t("frame.login")}
            </Link>
          </Button>
          <Button size="sm" className="signed-in:hidden" asChild>
            <Link href="/signup" aria-current={isActiveLink("/signup", location) ? "page" : undefined}>
              {t("frame.signup")}
            </Link>
          </Button>
        </div>

        <MobileMenu location={location} signedIn={signedIn} onLogout={logout} />
      </div>
    </header>
  );
}
