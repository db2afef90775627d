import * as DialogPrimitive from "@radix-ui/react-dialog";
import { LogOut, X } from "lucide-react";
import { Link } from "wouter";
import { Brand } from "./brand";
import { NavLink } from "./nav-link";
import { DASHBOARD_LINK, PUBLIC_NAV_LINKS } from "./nav-links";
import { Button } from "./ui/button";
import { LanguageSelect } from "./language-select";
import { useT } from "../lib/language";

export interface MobileMenuPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back when the menu closes. */
  returnFocusTo: () => void;
  location: string;
  signedIn: boolean;
  onLogout: () => void;
}

/** The full-screen menu of small screens: the navbar's links and account actions. */
export default function MobileMenuPanel({
  open,
  onOpenChange,
  returnFocusTo,
  location,
  signedIn,
  onLogout,
}: MobileMenuPanelProps) {
  const close = () => onOpenChange(false);
  const t = useT();
  const links = signedIn ? [...PUBLIC_NAV_LINKS, DASHBOARD_LINK] : PUBLIC_NAV_LINKS;

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo();
          }}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-background data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in md:hidden"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-border px-4">
            <Brand onNavigate={close} />
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" className="[&_svg]:size-6" aria-label={t("frame.menu.close")}>
                <X className="size-6" aria-hidden />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Title className="sr-only">{t("frame.menu.title")}</DialogPrimitive.Title>

          <nav aria-label={t("frame.nav.main")} className="flex flex-col gap-1 px-4 py-6">
            {links.map((link) => (
              <NavLink
                key={link.href}
                href={link.href}
                label={t(link.label)}
                location={location}
                place="menu"
                onClick={close}
              />
            ))}
          </nav>

          <div className="grid gap-2 px-4 pb-6">
            <label htmlFor="menu-language" className="text-sm text-muted-foreground">
              {t("frame.language")}
            </label>
            <LanguageSelect id="menu-language" onChosen={close} />
          </div>

          <AccountActions signedIn={signedIn} onLogout={onLogout} close={close} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** The menu's foot: log out, or log in and sign up. */
function AccountActions({ signedIn, onLogout, close }: { signedIn: boolean; onLogout: () => void; close: () => void }) {
  const t = useT();
  return (
    <div className="mt-auto grid gap-3 border-t border-border px-4 py-6">
      {signedIn ? (
        <Button
          variant="outline"
          size="lg"
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <LogOut aria-hidden />
          {t("frame.logout")}
        </Button>
      ) : (
        <>
          <Button variant="outline" size="lg" asChild>
            <Link href="/login" onClick={close}>
              {t("frame.login")}
            </Link>
          </Button>
          <Button size="lg" asChild>
            <Link href="/signup" onClick={close}>
              {t("frame.signup")}
            </Link>
          </Button>
        </>
      )}
    </div>
  );
}
