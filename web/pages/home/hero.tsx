import { ArrowRight, BookOpen } from "lucide-react";
import { Link } from "wouter";
import { richMessage, useT } from "../../lib/language";
import { ActiveUserCount } from "../../components/active-user-count";
import { Button } from "../../components/ui/button";
import { useActiveUsers } from "../../lib/queries/public";
import { PluginPreview } from "./plugin-preview";

/**
 * 'N active users right now', shown only while someone is active. Its line is always
 * there, empty until the count arrives, so the count appearing moves nothing below it.
 */
function ActiveUsers() {
  const { data } = useActiveUsers();
  const count = data?.count ?? 0;
  return (
    <div className="flex h-8 items-center justify-center">
      {count > 0 && (
        <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-sm text-muted-foreground">
          <span className="relative flex size-2" aria-hidden>
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
            <span className="relative inline-flex size-2 rounded-full bg-success" />
          </span>
          <ActiveUserCount count={count} />
        </p>
      )}
    </div>
  );
}

export function Hero() {
  const t = useT();
  return (
    <section aria-labelledby="hero-title" className="flex flex-col items-center overflow-x-clip text-center">
      <ActiveUsers />
      <h1
        id="hero-title"
        className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
      >
        {richMessage(t("home.hero.title"), [(text) => <span className="whitespace-nowrap text-brand">{text}</span>])}
      </h1>
      <p className="mt-5 max-w-2xl text-lg text-muted-foreground text-pretty">{t("home.hero.text")}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button size="lg" asChild>
          <Link href="/purchase">
            {t("home.hero.buy")}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
        <Button size="lg" variant="outline" asChild>
          <Link href="/support">
            <BookOpen aria-hidden />
            {t("home.hero.docs")}
          </Link>
        </Button>
      </div>
      <div className="relative mt-12 w-full max-w-5xl">
        {/* The glow is a gradient, not a blurred box: a blur filter this wide costs a slow phone's painting dearly. */}
        <div
          aria-hidden
          className="absolute -inset-x-12 -inset-y-16 -z-10 bg-radial-[closest-side] from-primary/10 via-primary/10 via-75% to-transparent"
        />
        <div className="overflow-hidden rounded-2xl border border-border bg-card/80 p-2 shadow-2xl shadow-primary/10 sm:p-4">
          <PluginPreview />
        </div>
      </div>
    </section>
  );
}
