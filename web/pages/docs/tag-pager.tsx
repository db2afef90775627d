import { ArrowLeft, ArrowRight, LayoutGrid } from "lucide-react";
import { Link } from "wouter";
import { tagBySlug, tagPath, type TagDoc, type TagSlug } from "@shared/tags";

function PagerLink({
  href,
  direction,
  label,
  title,
}: {
  href: string;
  direction: "previous" | "next";
  label: string;
  title: string;
}) {
  const previous = direction === "previous";
  return (
    <Link
      href={href}
      rel={previous ? "prev" : "next"}
      className="group flex flex-1 items-center gap-3 rounded-xl border border-border bg-card p-4 transition-colors hover:border-brand/50 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:max-w-[50%]"
      style={{ justifyContent: previous ? "flex-start" : "flex-end", textAlign: previous ? "left" : "right" }}
    >
      {previous && <ArrowLeft className="size-4 shrink-0 text-muted-foreground group-hover:text-brand" aria-hidden />}
      <span className="grid gap-0.5">
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className="font-medium">{title}</span>
      </span>
      {!previous && <ArrowRight className="size-4 shrink-0 text-muted-foreground group-hover:text-brand" aria-hidden />}
    </Link>
  );
}

function neighbour(slug: TagSlug | null): TagDoc | undefined {
  return slug ? tagBySlug(slug) : undefined;
}

/** Previous/next along the documentation chain; the last page leads back to the index. */
export function TagPager({ tag }: { tag: TagDoc }) {
  const prev = neighbour(tag.prev);
  const next = neighbour(tag.next);
  return (
    <nav aria-label="Tag pages" className="flex flex-col gap-3 sm:flex-row sm:justify-between">
      {prev ? (
        <PagerLink
          href={tagPath(prev.slug)}
          direction="previous"
          label="Previous"
          title={`${prev.token} · ${prev.title}`}
        />
      ) : (
        <span className="hidden sm:block" />
      )}
      {next ? (
        <PagerLink href={tagPath(next.slug)} direction="next" label="Next" title={`${next.token} · ${next.title}`} />
      ) : (
        <Link
          href="/docs"
          className="inline-flex h-auto items-center justify-center gap-2 rounded-xl bg-primary px-5 py-4 font-medium text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <LayoutGrid className="size-4" aria-hidden />
          Back to All Tags
        </Link>
      )}
    </nav>
  );
}
