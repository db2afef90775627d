import { FileQuestion, Home, LayoutDashboard } from "lucide-react";
import { Link } from "wouter";
import { Layout } from "./layout";
import { Button } from "./ui/button";
import { useDocumentHead } from "../lib/use-document-head";
import { useT } from "../lib/language";
import { localizedNotFoundHead } from "../lib/localized-head";

const VARIANTS = {
  /** Any path that is not a route. */
  missing: { title: "notFound.title", href: "/", label: "notFound.home", icon: Home },
  /** A signed-in non-admin on /admin: the panel is not theirs to see, and not said to exist. */
  "not-admin": { title: "404 Page not found", href: "/dashboard", label: "Go to Dashboard", icon: LayoutDashboard },
} as const;

export function NotFoundPage({ variant = "missing" }: { variant?: keyof typeof VARIANTS }) {
  const t = useT();
  useDocumentHead(localizedNotFoundHead(t));
  const { title, href, label, icon: Icon } = VARIANTS[variant];
  // The admin panel's own variant is English, as the panel is.
  const say = (text: string) => (variant === "missing" ? t(text as "notFound.title") : text);
  return (
    <Layout className="flex items-center justify-center">
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent text-brand">
          <FileQuestion className="size-7" aria-hidden />
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight sm:text-3xl">{say(title)}</h1>
        <p className="mt-3 text-muted-foreground">{t("notFound.text")}</p>
        <Button className="mt-8" asChild>
          <Link href={href}>
            <Icon aria-hidden />
            {say(label)}
          </Link>
        </Button>
      </div>
    </Layout>
  );
}
