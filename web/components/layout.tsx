import { useLayoutEffect, useRef, type ReactNode } from "react";
import { adoptEarlyInput } from "../lib/adopt-early-input";
import { cn } from "../lib/utils";
import { Footer } from "./footer";
import { Navbar } from "./navbar";
import { LanguageOfferBar } from "./language-offer";
import { LanguageProvider, usePageLanguage, useT } from "../lib/language";
import { DEFAULT_LANGUAGE } from "@shared/languages";

export interface LayoutProps {
  children: ReactNode;
  /** Extra classes for the main column, e.g. a narrower max width or no padding. */
  className?: string;
}

/** Every screen's frame: navbar, a centred main column (max 1200 px) and the footer. */
export function Layout({ children, className }: LayoutProps) {
  const main = useRef<HTMLElement>(null);
  const { language, translated } = usePageLanguage();
  // A screen not translated yet shows its English content under any prefix, marked as English; the frame
  // around it (header, footer, the line saying so) stays in the page's language.
  const englishOnly = language !== DEFAULT_LANGUAGE && !translated;
  const frame = { language, translated: true };
  // Before the browser paints the hydrated screen and before React replays a click made while it loaded.
  useLayoutEffect(() => adoptEarlyInput(main.current), []);
  return (
    <div className="flex min-h-screen flex-col">
      <LanguageProvider value={frame}>
        <SkipLink />
        <LanguageOfferBar pageTranslated={translated} />
        <Navbar />
      </LanguageProvider>
      <main
        ref={main}
        id="main"
        tabIndex={-1}
        lang={englishOnly ? "en" : undefined}
        className={cn("mx-auto w-full max-w-[1200px] flex-1 px-4 py-10 outline-none sm:px-6 sm:py-14", className)}
      >
        {englishOnly && (
          <LanguageProvider value={frame}>
            <EnglishOnlyNote language={language} />
          </LanguageProvider>
        )}
        {children}
      </main>
      <LanguageProvider value={frame}>
        <Footer />
      </LanguageProvider>
    </div>
  );
}

function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t("frame.skip")}
    </a>
  );
}

/** "This page is in English", in the reader's language. */
function EnglishOnlyNote({ language }: { language: string }) {
  const t = useT();
  return (
    <p lang={language} className="mb-6 rounded-md border border-border bg-card px-3 py-2 text-sm text-muted-foreground">
      {t("frame.englishOnly")}
    </p>
  );
}
