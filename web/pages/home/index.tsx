import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import { useT } from "../../lib/language";
import { Layout } from "../../components/layout";
import { Button } from "../../components/ui/button";
import { Features } from "./features";
import { Hero } from "./hero";
import { Reviews } from "./reviews";

function CallToAction() {
  const t = useT();
  return (
    <section
      aria-labelledby="cta-title"
      className="mt-24 rounded-2xl border border-border bg-gradient-to-br from-accent via-card to-card px-6 py-12 text-center sm:mt-32 sm:px-12 sm:py-16"
    >
      <h2 id="cta-title" className="text-3xl font-semibold tracking-tight sm:text-4xl">
        {t("home.cta.title")}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{t("home.cta.text")}</p>
      <Button size="lg" className="mt-8 w-full sm:w-auto" asChild>
        <Link href="/purchase">
          {t("home.cta.button")}
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    </section>
  );
}

export default function HomePage() {
  return (
    <Layout>
      <Hero />
      <Features />
      <Reviews />
      <CallToAction />
    </Layout>
  );
}
