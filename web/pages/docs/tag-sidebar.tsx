import { Link } from "wouter";
import { TAG_CATEGORIES, tagPath, tagsInCategory, type TagDoc } from "@shared/tags";
import { cn } from "../../lib/utils";

/** Every tag by category, beside the page on screens wider than 1024 px; the page's own tag is marked. */
export function TagSidebar({ current }: { current: TagDoc }) {
  return (
    <nav aria-label="All tags" className="sticky top-24 hidden max-h-[calc(100vh-7rem)] overflow-y-auto pr-2 lg:block">
      {TAG_CATEGORIES.map((category) => (
        <div key={category.id} className="mb-4">
          <p className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{category.name}</p>
          <ul className="mt-2 grid gap-0.5">
            {tagsInCategory(category.id).map((tag) => {
              const active = tag.slug === current.slug;
              return (
                <li key={tag.slug}>
                  <Link
                    href={tagPath(tag.slug)}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "flex items-baseline gap-2 rounded-md px-3 py-1 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                      active
                        ? "bg-accent text-accent-foreground"
                        : "text-muted-foreground hover:bg-secondary hover:text-foreground",
                    )}
                  >
                    <code className="font-mono text-[0.8rem] font-semibold">{tag.token}</code>
                    <span className="truncate">{tag.title.replace(/ Tag$/, "")}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
