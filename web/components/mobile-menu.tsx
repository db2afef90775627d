import { lazy, Suspense, useEffect, useRef } from "react";
import { Menu } from "lucide-react";
import { create } from "zustand";
import { earlyTapMark, takeEarlyTap } from "../lib/early-tap";
import { Button } from "./ui/button";
import { useT } from "../lib/language";

const loadPanel = () => import("./mobile-menu-panel");
const MobileMenuPanel = lazy(loadPanel);

/**
 * Kept outside the component: while a lazy screen loads, the navbar of the loading placeholder is
 * replaced by the screen's own, and a menu opened in between must stay open. The menu is open
 * only on the path where it was opened, so following a link closes it.
 */
const useMenuState = create<{ openAt: string | null; loaded: boolean }>(() => ({ openAt: null, loaded: false }));

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
  const open = useMenuState((state) => state.openAt === location);
  const mounted = useMenuState((state) => state.loaded);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const t = useT();
  const setOpen = (next: boolean) =>
    useMenuState.setState(next ? { openAt: location, loaded: true } : { openAt: null });

  useEffect(() => {
    const wide = window.matchMedia("(min-width: 768px)");
    const closeWhenWide = () => wide.matches && useMenuState.setState({ openAt: null });
    wide.addEventListener("change", closeWhenWide);
    return () => wide.removeEventListener("change", closeWhenWide);
  }, []);

  // A tap on the server's button before this code ran (a phone on a slow network) still opens the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: looks for an early tap again after every navigation
  useEffect(() => {
    if (takeEarlyTap("menu")) setOpen(true);
  }, [location]);

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
        aria-label={t("frame.menu.open")}
        aria-haspopup="dialog"
        aria-expanded={open}
        {...earlyTapMark("menu")}
        onClick={() => setOpen(true)}
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
