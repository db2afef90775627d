import * as DialogPrimitive from "@radix-ui/react-dialog";
import { LogOut, X } from "lucide-react";
import { Link } from "wouter";
import { Brand } from "./brand";
import { NavLink } from "./nav-link";
import { DASHBOARD_LINK, PUBLIC_NAV_LINKS } from "./nav-links";
import { Button } from "./ui/button";

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
              <Button variant="ghost" size="icon" className="[&_svg]:size-6" aria-label="Close menu">
                <X className="size-6" aria-hidden />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>

          <nav aria-label="Main" className="flex flex-col gap-1 px-4 py-6">
            {links.map((link) => (
              <NavLink key={link.href} {...link} location={location} place="menu" onClick={close} />
            ))}
          </nav>

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
                Logout
              </Button>
            ) : (
              <>
                <Button variant="outline" size="lg" asChild>
                  <Link href="/login" onClick={close}>
                    Login
                  </Link>
                </Button>
                <Button size="lg" asChild>
                  <Link href="/signup" onClick={close}>
                    Sign Up
                  </Link>
                </Button>
              </>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
