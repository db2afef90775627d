/**
 * /docs/getting-started: from the product key to a first import in six short steps, then what to do
 * for every message the plugin can show (src/shared/plugin-troubleshooting.ts).
 */
import type { ReactNode } from "react";
import { LifeBuoy, Wrench } from "lucide-react";
import { Link } from "wouter";
import { PRODUCT_KEY_LENGTH, PRODUCT_NAME } from "@shared/product";
import { PLUGIN_TROUBLESHOOTING } from "@shared/plugin-troubleshooting";
import { Layout } from "../../components/layout";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { PluginStoreLink } from "../../components/plugin-store-link";
import { RichText } from "./rich-text";
import { BackToDocs } from "./back-to-docs";

const inlineLink = "font-medium text-brand underline underline-offset-4";

function SiteLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={inlineLink}>
      {children}
    </Link>
  );
}

/** A button or tab as the site names it. */
const Ui = ({ children }: { children: ReactNode }) => (
  <strong className="font-semibold text-foreground">{children}</strong>
);

function Step({ number, id, title, children }: { number: number; id: string; title: string; children: ReactNode }) {
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
          <span className="sr-only">Step {number}: </span>
          {title}
        </h3>
        <div className="mt-2 grid gap-2 leading-relaxed text-foreground/90">{children}</div>
      </div>
    </li>
  );
}

function Steps() {
  return (
    <ol className="grid gap-8">
      <Step number={1} id="product-key" title="Find your product key">
        <p>
          After paying on the <SiteLink href="/purchase">Purchase</SiteLink> page, your {PRODUCT_KEY_LENGTH}-character
          product key is on the <Ui>Payment Successful!</Ui> page and in the e-mail “Your {PRODUCT_NAME} product key”.
          It creates one account, once: keep the e-mail.
        </p>
      </Step>
      <Step number={2} id="create-account" title="Create your account">
        <p>
          Press <Ui>Create your account</Ui> in the e-mail or on the payment page: it opens{" "}
          <SiteLink href="/signup">Sign Up</SiteLink> with the key filled in. Enter your e-mail and a password, accept
          the terms and press <Ui>Create Account</Ui>. Your dashboard opens.
        </p>
      </Step>
      <Step number={3} id="plugin-key" title="Generate your plugin key">
        <p>
          In your <SiteLink href="/dashboard">dashboard</SiteLink>, open the <Ui>Plugin</Ui> tab and press{" "}
          <Ui>Generate Plugin Key</Ui>. Press <Ui>Copy</Ui> next to the key. The plugin key is what the plugin asks for;
          the product key is not.
        </p>
      </Step>
      <Step number={4} id="install" title="Install the plugin from its store page">
        <p>
          <PluginStoreLink />
        </p>
        <p>
          Sign in there with your Roblox account and get the plugin. It then appears in Roblox Studio's <Ui>Plugins</Ui>{" "}
          tab.
        </p>
      </Step>
      <Step number={5} id="paste-key" title="Open it in Roblox Studio and paste the key">
        <p>
          Open Roblox Studio signed in with the Roblox account you build with, open {PRODUCT_NAME} from the{" "}
          <Ui>Plugins</Ui> tab and paste your plugin key. The first successful check links that Roblox account to your
          key: the Plugin tab of your dashboard shows it under <Ui>Linked Roblox account</Ui>. The key then works for
          that account only.
        </p>
      </Step>
      <Step number={6} id="first-import" title="Make a first import">
        <p>
          In your design, make a small frame named{" "}
          <code className="rounded bg-secondary px-1 py-0.5 font-mono text-[0.9em] text-accent-foreground">Shop</code>{" "}
          holding a rectangle named <RichText text="Buy_button" /> and a frame named <RichText text="Items_scroll" />{" "}
          with a few items inside. Import the frame with the plugin: <RichText text="Buy_button" /> becomes a button (
          <SiteLink href="/docs/button">the _button tag</SiteLink>) and <RichText text="Items_scroll" /> a list that
          scrolls (<SiteLink href="/docs/scroll">the _scroll tag</SiteLink>), both scaled to every screen.
        </p>
        <p>
          Every tag is in the <SiteLink href="/docs">documentation</SiteLink>.
        </p>
      </Step>
    </ol>
  );
}

function Troubleshooting() {
  return (
    <ul className="grid gap-4">
      {PLUGIN_TROUBLESHOOTING.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-border bg-card p-5">
          <h3 id={entry.id} className="scroll-mt-24 font-semibold">
            {entry.title}
          </h3>
          <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{entry.cause}</p>
          <p className="mt-3 text-sm font-medium">What to do</p>
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
  return (
    <Layout className="max-w-3xl">
      <BackToDocs />
      <header className="mt-6">
        <Badge variant="accent">Setup guide</Badge>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Getting Started</h1>
        <p className="mt-3 text-lg leading-relaxed text-muted-foreground">
          From your product key to a first import in six steps, about ten minutes. If the plugin shows a message on the
          way,{" "}
          <a href="#troubleshooting" className={inlineLink}>
            Troubleshooting
          </a>{" "}
          says what to do.
        </p>
      </header>

      <section aria-labelledby="steps" className="mt-12">
        <h2 id="steps" className="sr-only">
          Steps
        </h2>
        <Steps />
      </section>

      <section aria-labelledby="troubleshooting" className="mt-16">
        <h2 id="troubleshooting" className="flex scroll-mt-24 items-center gap-2 text-2xl font-semibold tracking-tight">
          <Wrench className="size-6 text-brand" aria-hidden /> Troubleshooting
        </h2>
        <p className="mt-2 text-muted-foreground">What the plugin may show, why, and what to do.</p>
        <div className="mt-6">
          <Troubleshooting />
        </div>
      </section>

      <section className="mt-14 flex flex-col items-start gap-4 rounded-2xl border border-border bg-card p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold tracking-tight">Still stuck?</h2>
          <p className="mt-1 text-muted-foreground">
            Write to us from the Support page. Tell us what the plugin showed.
          </p>
        </div>
        <Button asChild className="w-full sm:w-auto">
          <Link href="/support">
            <LifeBuoy aria-hidden />
            Get Support
          </Link>
        </Button>
      </section>
    </Layout>
  );
}
