import { useEffect } from "react";
import type { PageHead } from "@shared/routes";

function metaTag(selector: string, create: () => HTMLElement): HTMLElement {
  let tag = document.head.querySelector<HTMLElement>(selector);
  if (!tag) {
    tag = create();
    document.head.appendChild(tag);
  }
  return tag;
}

/**
 * Keeps the title, description and canonical link in step with the screen after client-side
 * navigation. The first load already has them: the server writes the same head (src/shared/routes.ts).
 */
export function useDocumentHead(head: PageHead | null): void {
  const title = head?.title;
  const description = head?.description;
  const canonicalPath = head?.canonicalPath;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    document.title = title;
    const meta = metaTag('meta[name="description"]', () =>
      Object.assign(document.createElement("meta"), { name: "description" }),
    );
    meta.setAttribute("content", description);
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical && canonicalPath) canonical.href = new URL(canonicalPath, canonical.href).href;
    else if (canonical) canonical.remove();
  }, [title, description, canonicalPath]);
}
