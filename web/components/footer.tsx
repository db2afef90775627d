import { Link } from "wouter";
import { PRODUCT_NAME } from "@shared/product";
import { ThemeSelect } from "./theme-select";
import { useT } from "../lib/language";

const FOOTER_LINKS = [
  { href: "/docs", label: "frame.footer.documentation" },
  { href: "/purchase", label: "frame.nav.purchase" },
  { href: "/support", label: "frame.nav.support" },
] as const;

const LEGAL_LINKS = [
  { href: "/terms", label: "frame.footer.terms" },
  { href: "/privacy", label: "frame.footer.privacy" },
  { href: "/refund-policy", label: "frame.footer.refundPolicy" },
  { href: "/imprint", label: "frame.footer.imprint" },
] as const;

const LINK_CLASS =
  "rounded-sm transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

export function Footer() {
  const t = useT();
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="grid gap-2">
          <p>
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {PRODUCT_NAME}
          </p>
          <nav aria-label={t("frame.footer.legal")} className="flex flex-wrap gap-x-4 gap-y-2">
            {LEGAL_LINKS.map(({ href, label }) => (
              <Link key={href} href={href} className={LINK_CLASS}>
                {t(label)}
              </Link>
            ))}
          </nav>
        </div>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-4">
          <nav aria-label={t("frame.footer.nav")} className="flex flex-wrap gap-x-6 gap-y-2">
            {FOOTER_LINKS.map(({ href, label }) => (
              <Link key={href} href={href} className={LINK_CLASS}>
                {t(label)}
              </Link>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <label htmlFor="footer-theme">{t("frame.footer.theme")}</label>
            <ThemeSelect id="footer-theme" className="h-9 w-28 py-1.5 text-sm" />
          </div>
        </div>
      </div>
    </footer>
  );
}
