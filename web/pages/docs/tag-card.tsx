import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import { tagPath, type TagDoc } from "@shared/tags";

/** One tag on the documentation index; the whole card opens the tag's page. */
export function TagCard({ tag }: { tag: TagDoc }) {
  return (
    <Link
      href={tagPath(tag.slug)}
      className="group flex h-full flex-col rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5 transition-colors hover:border-brand/50 hover:bg-accent/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="flex items-center justify-between gap-3">
        <code className="rounded-md bg-accent px-2 py-0.5 font-mono text-sm font-semibold text-accent-foreground">
          {tag.token}
        </code>
        <ArrowRight
          className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-brand"
          aria-hidden
        />
      </span>
      <span className="mt-3 font-semibold">{tag.title}</span>
      <span className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{tag.summary}</span>
    </Link>
  );
}
