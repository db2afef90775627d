import { SUPPORT_RESPONSE_HOURS } from "@shared/product";
import { localizedPath, type SiteLanguage } from "@shared/languages";
import { fullTitle, NOT_FOUND_HEAD, routeHead, type PageHead, type SiteRoute } from "@shared/routes";
import type { MessageId } from "./i18n";
import type { Translate } from "./language";

/**
 * A screen's head in the page's language. A translated screen has its own title, description and
 * canonical address (/de/purchase); one not translated yet keeps its English head, and its canonical
 * address is the English page, which it repeats.
 */
export function localizedRouteHead(route: SiteRoute, path: string, language: SiteLanguage, t: Translate): PageHead {
  const head = routeHead(route, path);
  if (!route.translated) return head;
  return {
    title: fullTitle(t(`route.${route.id}.title` as MessageId)),
    description: t(`route.${route.id}.description` as MessageId, { hours: SUPPORT_RESPONSE_HOURS }),
    canonicalPath: head.canonicalPath === null ? null : localizedPath(language, path),
  };
}

export function localizedNotFoundHead(t: Translate): PageHead {
  return { ...NOT_FOUND_HEAD, title: fullTitle(t("notFound.browserTitle")), description: t("notFound.text") };
}
