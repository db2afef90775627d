import { LoadingPlaceholder } from "../../components/ui/loading-placeholder";
import type { MouseEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "wouter";
import type { LegalDocument } from "@shared/api/legal";
import { LEGAL_PAGES, type LegalSlug } from "@shared/legal";
import { Layout } from "../../components/layout";
import { LoadFailed } from "../../components/load-failed";
import { Skeleton } from "../../components/ui/skeleton";

/** Typography for the server's HTML: headings, lists, tables, links and the operator's notes. */
const ARTICLE = [
  "max-w-3xl text-[15px] leading-7 text-foreground/90",
  "[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-foreground",
  "[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-semibold [&_p]:my-3",
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-4",
  "[&_strong]:font-semibold [&_strong]:text-foreground",
  "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[13px]",
  "[&_blockquote]:my-6 [&_blockquote]:rounded-lg [&_blockquote]:border [&_blockquote]:border-amber-500/40 [&_blockquote]:bg-amber-500/10 [&_blockquote]:px-4 [&_blockquote]:text-sm",
  "[&_table]:my-4 [&_table]:block [&_table]:overflow-x-auto [&_table]:text-sm",
  "[&_th]:border-b [&_th]:border-border [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold",
  "[&_td]:border-b [&_td]:border-border [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
].join(" ");

/** /terms, /privacy, /refund-policy, /imprint: the server's rendering of the page's Markdown. */
export default function LegalPage({ slug }: { slug: LegalSlug }) {
  const [, navigate] = useLocation();
  const title = LEGAL_PAGES.find((page) => page.slug === slug)!.title;
  const document = useQuery<LegalDocument>({ queryKey: ["/api/legal", slug] });

  /** Links to the site's own pages move within the app instead of loading the page again. */
  function followLink(event: MouseEvent<HTMLElement>) {
    const link = (event.target as HTMLElement).closest("a");
    const href = link?.getAttribute("href");
    if (
      !href?.startsWith("/") ||
      href.startsWith("//") ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.button !== 0
    )
      return;
    event.preventDefault();
    navigate(href);
  }

  return (
    <Layout>
      <h1 className="mb-6 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {document.data ? (
        // The server renders this HTML from the operator's Markdown (src/features/legal); it is the site's own text.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML the server renders from the operator's own Markdown
        // biome-ignore lint/a11y/useKeyWithClickEvents: the click is caught from the links inside, which the keyboard opens itself
        <article className={ARTICLE} onClick={followLink} dangerouslySetInnerHTML={{ __html: document.data.html }} />
      ) : document.isError ? (
        <LoadFailed text="Could not load this page" error={document.error} onRetry={() => document.refetch()} boxed />
      ) : (
        <LoadingPlaceholder className="grid max-w-3xl gap-3" label="Loading">
          {[0, 1, 2, 3].map((line) => (
            <Skeleton key={line} className="h-5 w-full" />
          ))}
        </LoadingPlaceholder>
      )}
    </Layout>
  );
}
