import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Menu } from "lucide-react";
import { Button } from "./ui/button";

const loadPanel = () => import("./mobile-menu-panel");
const MobileMenuPanel = lazy(loadPanel);

interface MobileMenuProps {
  location: string;
  signedIn: boolean;
  onLogout: () => void;
}

/**
 * Small screens: a menu button that opens a full-screen menu. The menu's code is fetched
 * once the page is idle, so it does not weigh on the first load.
 */
export function MobileMenu({ location, signedIn, onLogout }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [location]);

  useEffect(() => {
    const wide = window.matchMedia("(min-width: 768px)");
    const closeWhenWide = () => wide.matches && setOpen(false);
    wide.addEventListener("change", closeWhenWide);
    return () => wide.removeEventListener("change", closeWhenWide);
  }, []);

  useEffect(() => {
    const prefetch = () => void loadPanel();
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(prefetch, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(prefetch, 1500);
    return () => clearTimeout(timer);
  }, []);

  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="md:hidden [&_svg]:size-6"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden />
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <MobileMenuPanel
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={() => buttonRef.current?.focus()}
            location={location}
            signedIn={signedIn}
            onLogout={onLogout}
          />
        </Suspense>
      )}
    </>
  );
}
