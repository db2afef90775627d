import type { ReactNode } from "react";
import { CircleCheck, Info, TriangleAlert } from "lucide-react";
import { describeTagTargets, tagBySlug, tagCategory, type TagDoc } from "@shared/tags";
import { tagPageHead } from "@shared/routes";
import { Layout } from "../../components/layout";
import { Badge } from "../../components/ui/badge";
import { useDocumentHead } from "../../lib/use-document-head";
import { NotFoundPage } from "../../components/not-found";
import { ExampleTree } from "./example-tree";
import { RichText } from "./rich-text";
import { BackToDocs } from "./back-to-docs";
import { TagPager } from "./tag-pager";
import { TagSidebar } from "./tag-sidebar";

export interface DocsTagPageProps {
  /** The tag slug from /docs/:tag, e.g. "lock" or "icon". */
  tag: string;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="text-xl font-semibold tracking-tight sm:text-2xl">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function IconList({
  items,
  icon,
  iconClass,
}: {
  items: readonly string[];
  icon: typeof CircleCheck;
  iconClass: string;
}) {
  const Icon = icon;
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3 leading-relaxed">
          <Icon className={`mt-1 size-4 shrink-0 ${iconClass}`} aria-hidden />
          <span>
            <RichText text={item} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Facts({ tag }: { tag: TagDoc }) {
  const facts = [
    { label: "Becomes", value: tag.becomes },
    { label: "Applies to", value: describeTagTargets(tag.appliesTo).replace(/^./, (c) => c.toUpperCase()) },
    {
      label: "Written as",
      value: tag.kind === "prefix" ? `${tag.token} at the start of the name` : `${tag.token} at the end of the name`,
    },
  ];
  return (
    <dl className="mt-8 grid gap-px overflow-hidden rounded-xl border border-border bg-border sm:grid-cols-3">
      {facts.map(({ label, value }) => (
        <div key={label} className="bg-card p-4">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
          <dd className="mt-1 text-sm leading-relaxed">
            <RichText text={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function TagArticle({ tag }: { tag: TagDoc }) {
  const category = tagCategory(tag.category);
  useDocumentHead(tagPageHead(tag));
  return (
    <Layout className="lg:grid lg:grid-cols-[15rem_minmax(0,48rem)] lg:items-start lg:justify-center lg:gap-12">
      <TagSidebar current={tag} />
      <article className="mx-auto w-full max-w-3xl lg:mx-0">
        <BackToDocs />

        <header className="mt-6">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="accent" className="font-mono text-sm">
              {tag.token}
            </Badge>
            <Badge variant="outline" className="font-normal text-muted-foreground">
              {category.name}
            </Badge>
          </div>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{tag.title}</h1>
          <p className="mt-3 text-lg text-muted-foreground text-pretty">
            <RichText text={tag.summary} />
          </p>
          <Facts tag={tag} />
        </header>

        <Section id="overview" title="Overview">
          <div className="grid gap-4 leading-relaxed text-foreground/90 wrap-anywhere">
            {tag.overview.map((paragraph) => (
              <p key={paragraph}>
                <RichText text={paragraph} />
              </p>
            ))}
          </div>
        </Section>

        <Section id="how-to-use" title="How to Use">
          <ol className="grid gap-4">
            {tag.howToUse.map((step, i) => (
              <li key={step} className="flex gap-4 leading-relaxed">
                <span
                  aria-hidden
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
                >
                  {i + 1}
                </span>
                <span className="min-w-0 pt-0.5 wrap-anywhere">
                  <RichText text={step} />
                </span>
              </li>
            ))}
          </ol>
        </Section>

        <Section id="example" title="Example Layer Tree">
          <ExampleTree tag={tag} />
        </Section>

        <Section id="best-practices" title="Best Practices">
          <IconList items={tag.bestPractices} icon={CircleCheck} iconClass="text-success" />
        </Section>

        <Section id="important-notes" title="Important Notes">
          <div className="rounded-xl border border-brand/30 bg-accent/50 p-5">
            <IconList items={tag.importantNotes} icon={Info} iconClass="text-brand" />
          </div>
        </Section>

        <Section id="pitfalls" title="Common Pitfalls">
          <IconList items={tag.pitfalls} icon={TriangleAlert} iconClass="text-amber-400 light:text-amber-700" />
        </Section>

        <div className="mt-14 border-t border-border pt-8">
          <TagPager tag={tag} />
        </div>
      </article>
    </Layout>
  );
}

/** /docs/:tag — one component for every tag; an unknown slug is the 404 page. */
export default function DocsTagPage({ tag: slug }: DocsTagPageProps) {
  const tag = tagBySlug(slug);
  if (!tag) return <NotFoundPage />;
  return <TagArticle tag={tag} />;
}
