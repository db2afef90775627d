import { useState } from "react";
import { Languages, X } from "lucide-react";
import { Link, useLocation } from "wouter";
import { LANGUAGE_OFFER_COOKIE, isSiteLanguage, localizedPath } from "@shared/languages";
import { LANGUAGE_OFFER_QUERY_KEY, type LanguageOffer } from "@shared/page-data";
import { keepCookie } from "../lib/cookies";
import { queryClient } from "../lib/query-client";
import { usePageLanguage } from "../lib/language";
import { rememberLanguage } from "../lib/use-choose-language";
import { Button } from "./ui/button";

/**
 * On an English page, when the visitor's browser prefers a language the site has, a small offer in
 * that language to read this page in it. Never a redirect. The server decides and sends its words with
 * the page; dismissing it is remembered on this device.
 */
export function LanguageOfferBar({ pageTranslated }: { pageTranslated: boolean }) {
  const [location] = useLocation();
  const { language } = usePageLanguage();
  const [dismissed, setDismissed] = useState(false);
  const offer = queryClient.getQueryData<LanguageOffer>(LANGUAGE_OFFER_QUERY_KEY);
  if (!offer || dismissed || language !== "en" || !pageTranslated || !isSiteLanguage(offer.language)) return null;
  const target = offer.language;
  const dismiss = () => {
    keepCookie(LANGUAGE_OFFER_COOKIE, "dismissed");
    setDismissed(true);
  };
  return (
    <aside
      lang={target}
      aria-label={offer.text}
      className="border-b border-border bg-accent/60 text-sm text-accent-foreground"
      data-language-offer={target}
    >
      <div className="mx-auto flex w-full max-w-[1200px] flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <Languages className="size-4 shrink-0 text-brand" aria-hidden />
        <p className="flex-1">{offer.text}</p>
        <Link
          href={`~${localizedPath(target, location)}`}
          onClick={() => rememberLanguage(target)}
          className="rounded-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {offer.open}
        </Link>
        <Button variant="ghost" size="sm" onClick={dismiss}>
          <X aria-hidden />
          {offer.dismiss}
        </Button>
      </div>
    </aside>
  );
}
