import { useEffect } from "react";

/** Sets the page's <meta name="description"> for the current screen (search results and link previews). */
export function useMetaDescription(description: string): void {
  useEffect(() => {
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement("meta");
      tag.name = "description";
      document.head.appendChild(tag);
    }
    tag.content = description;
  }, [description]);
}
