import { ArrowRight, Rocket, ScanSearch, ShoppingCart } from "lucide-react";
import { Link } from "wouter";
import { PRODUCT_NAME } from "@shared/product";
import { GUIDE_PATH } from "@shared/routes";
import { TAG_CATEGORIES, tagsInCategory } from "@shared/tags";
import { Layout } from "../../components/layout";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { LayerNameChecker } from "./layer-name-checker";
import { TagCard } from "./tag-card";

/** The index's first card: the setup guide, before any tag. */
function GuideCard() {
  return (
    <Link
      href={GUIDE_PATH}
      className="group flex flex-col gap-3 rounded-xl border border-brand/40 bg-accent/40 p-5 shadow-sm transition-colors hover:border-brand hover:bg-accent/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:flex-row sm:items-center sm:p-6"
    >
      <Rocket className="size-8 shrink-0 text-brand" aria-hidden />
      <span className="flex-1">
        <span className="block text-lg font-semibold">Getting Started</span>
        <span className="mt-1 block text-sm leading-relaxed text-muted-foreground">
          Set up {PRODUCT_NAME} in six steps: product key, account, plugin key, installing the plugin, linking your
          Roblox account and a first import. With what to do for every message the plugin can show.
        </span>
      </span>
      <ArrowRight
        className="size-5 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-brand"
        aria-hidden
      />
    </Link>
  );
}

const CHAIN_EXAMPLES = ["Play_button_lock", "Shop_parent_scroll", "#Close_button"] as const;

export default function DocsPage() {
  return (
    <Layout>
      <header className="max-w-3xl">
        <Badge variant="accent">Documentation</Badge>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Layer Tags</h1>
        <p className="mt-3 text-lg leading-relaxed text-muted-foreground">
          {PRODUCT_NAME} reads short tags in your layer names to decide what each layer becomes in the game: a button, a
          scrolling list, an image uploaded once and reused. Add a tag to the end of a name, and chain several when a
          layer needs more than one:{" "}
          {CHAIN_EXAMPLES.map((example, i) => (
            <span key={example}>
              <code className="rounded bg-secondary px-1.5 py-0.5 font-mono text-sm text-foreground">{example}</code>
              {i < CHAIN_EXAMPLES.length - 1 ? ", " : "."}
            </span>
          ))}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button variant="outline" asChild>
            <a href="#layer-name-checker">
              <ScanSearch aria-hidden />
              Check a layer name
            </a>
          </Button>
          <Button variant="ghost" asChild>
            <Link href="/purchase">
              <ShoppingCart aria-hidden />
              Get {PRODUCT_NAME}
            </Link>
          </Button>
        </div>
      </header>

      <section aria-label="Setup guide" className="mt-10">
        <GuideCard />
      </section>

      <div className="mt-12 grid gap-14">
        {TAG_CATEGORIES.map((category) => (
          <section key={category.id} aria-labelledby={`category-${category.id}`}>
            <h2 id={`category-${category.id}`} className="text-2xl font-semibold tracking-tight">
              {category.name}
            </h2>
            <p className="mt-1 text-muted-foreground">{category.description}</p>
            <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {tagsInCategory(category.id).map((tag) => (
                <li key={tag.slug}>
                  <TagCard tag={tag} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <section id="layer-name-checker" aria-label="Layer-name checker" className="mt-16 scroll-mt-24">
        <LayerNameChecker />
      </section>

      <section className="mt-16 flex flex-col items-start gap-4 rounded-2xl border border-border bg-card p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <h2 className="text-xl font-semibold tracking-tight">Ready to import your first screen?</h2>
          <p className="mt-1 text-muted-foreground">
            Get {PRODUCT_NAME} and turn tagged designs into game UI in under a minute.
          </p>
        </div>
        <Button size="lg" className="w-full sm:w-auto" asChild>
          <Link href="/purchase">
            <ShoppingCart aria-hidden />
            Get {PRODUCT_NAME}
          </Link>
        </Button>
      </section>
    </Layout>
  );
}
