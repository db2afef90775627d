/**
 * /docs/getting-started: from the product key to a first import in six short steps, then what to do
 * for every message the plugin can show (src/shared/troubleshooting-entries.ts), in the page's language.
 */
import type { ReactNode } from "react";
import { LifeBuoy, Wrench } from "lucide-react";
import { Link } from "wouter";
import { DEFAULT_LANGUAGE } from "@shared/languages";
import { PRODUCT_KEY_LENGTH } from "@shared/product";
import { troubleshootingEntries } from "@shared/troubleshooting-entries";
import { Layout } from "../../components/layout";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { PluginStoreLink } from "../../components/plugin-store-link";
import type { MessageId } from "../../lib/i18n";
import { richMessage, useLanguage, useT } from "../../lib/language";
import { RichText } from "./rich-text";
import { BackToDocs } from "./back-to-docs";

const inlineLink = "font-medium text-brand underline underline-offset-4";

const siteLink = (href: string) => (text: string) => (
  <Link href={href} className={inlineLink}>
    {text}
  </Link>
);

/** A button or tab as the site names it. */
const ui = (text: string) => <strong className="font-semibold text-foreground">{text}</strong>;

/** A layer name to type, as code. */
const layerName = (text: string) => <RichText text={text} />;

function Step({ number, id, title, children }: { number: number; id: string; title: string; children: ReactNode }) {
  const t = useT();
  return (
    <li className="flex gap-4">
      <span
        aria-hidden
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
      >
        {number}
      </span>
      <div className="min-w-0 pt-0.5">
        <h3 id={id} className="scroll-mt-24 text-lg font-semibold tracking-tight">
          <span className="sr-only">{t("guide.step", { number })} </span>
          {title}
        </h3>
        <div className="mt-2 grid gap-2 leading-relaxed text-foreground/90">{children}</div>
      </div>
    </li>
  );
}

function Steps() {
  const t = useT();
  return (
    <ol className="grid gap-8">
      <Step number={1} id="product-key" title={t("guide.key.title")}>
        <p>{richMessage(t("guide.key.text", { length: PRODUCT_KEY_LENGTH }), [siteLink("/purchase"), ui])}</p>
      </Step>
      <Step number={2} id="create-account" title={t("guide.account.title")}>
        <p>{richMessage(t("guide.account.text"), [ui, siteLink("/signup"), ui])}</p>
      </Step>
      <Step number={3} id="plugin-key" title={t("guide.pluginKey.title")}>
        <p>{richMessage(t("guide.pluginKey.text"), [siteLink("/dashboard"), ui, ui, ui])}</p>
      </Step>
      <Step number={4} id="install" title={t("guide.install.title")}>
        <p>
          <PluginStoreLink>{t("guide.install.link")}</PluginStoreLink>
        </p>
        <p>{richMessage(t("guide.install.text"), [ui])}</p>
      </Step>
      <Step number={5} id="paste-key" title={t("guide.paste.title")}>
        <p>{richMessage(t("guide.paste.text"), [ui, ui])}</p>
      </Step>
      <Step number={6} id="first-import" title={t("guide.import.title")}>
        <p>
          {richMessage(t("guide.import.text"), [
            (text) => (
              <code className="rounded bg-secondary px-1 py-0.5 font-mono text-[0.9em] text-accent-foreground">
                {text}
              </code>
            ),
            layerName,
            layerName,
            layerName,
            siteLink("/docs/button"),
            layerName,
            siteLink("/docs/scroll"),
          ])}
        </p>
        <p>{richMessage(t("guide.import.docs"), [siteLink("/docs")])}</p>
      </Step>
    </ol>
  );
}

/**
 * A heading that quotes the plugin's (or the dashboard's) own words as they are shown, in English: marked as
 * English on a page in another language; on the English page, one plain text.
 */
function TroubleTitle({ title }: { title: string }) {
  const language = useLanguage();
  if (language === DEFAULT_LANGUAGE) return title.replace(/<\/?0>/g, "");
  return richMessage(title, [(text) => <span lang="en">{text}</span>]);
}

function Troubleshooting() {
  const t = useT();
  const entries = troubleshootingEntries((id, values) => t(id as MessageId, values));
  return (
    <ul className="grid gap-4">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-border bg-card p-5">
          <h3 id={entry.id} className="scroll-mt-24 font-semibold">
            <TroubleTitle title={entry.title} />
          </h3>
          <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{entry.cause}</p>
          <p className="mt-3 text-sm font-medium">{t("guide.trouble.todo")}</p>
          <ul className="mt-1 grid list-disc gap-1 pl-5 text-sm leading-relaxed">
            {entry.fix.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export default function GettingStartedPage() {
  const t = useT();
  return (
    <Layout className="max-w-3xl">
      <BackToDocs />
      <header className="mt-6">
        <Badge variant="accent">{t("guide.badge")}</Badge>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{t("guide.title")}</h1>
        <p className="mt-3 text-lg leading-relaxed text-muted-foreground">
          {richMessage(t("guide.intro"), [
            (text) => (
              <a href="#troubleshooting" className={inlineLink}>
                {text}
              </a>
            ),
          ])}
        </p>
      </header>

      <section aria-labelledby="steps" className="mt-12">
        <h2 id="steps" className="sr-only">
          {t("guide.steps")}
        </h2>
        <Steps />
      </section>

      <section aria-labelledby="troubleshooting" className="mt-16">
        <h2 id="troubleshooting" className="flex scroll-mt-24 items-center gap-2 text-2xl font-semibold tracking-tight">
          <Wrench className="size-6 text-brand" aria-hidden /> {t("guide.trouble.title")}
        </h2>
        <p className="mt-2 text-muted-foreground">{t("guide.trouble.intro")}</p>
        <div className="mt-6">
          <Troubleshooting />
        </div>
      </section>

      <section className="mt-14 flex flex-col items-start gap-4 rounded-2xl border border-border bg-card p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold tracking-tight">{t("guide.stuck.title")}</h2>
          <p className="mt-1 text-muted-foreground">{t("guide.stuck.text")}</p>
        </div>
        <Button asChild className="w-full sm:w-auto">
          <Link href="/support">
            <LifeBuoy aria-hidden />
            {t("guide.stuck.button")}
          </Link>
        </Button>
      </section>
    </Layout>
  );
}
