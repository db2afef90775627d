import { SUPPORT_RESPONSE_HOURS } from "@shared/product";
import { Layout } from "../../components/layout";
import { useT } from "../../lib/language";
import { ContactForm } from "./contact-form";
import { Faq } from "./faq";
import { HelpCards } from "./help-cards";

export default function SupportPage() {
  const t = useT();
  return (
    <Layout>
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("support.title")}</h1>
        <p className="mt-3 text-muted-foreground">{t("support.intro", { hours: SUPPORT_RESPONSE_HOURS })}</p>
      </header>
      <div className="mt-10">
        <HelpCards />
      </div>
      <div className="mt-14 grid gap-10 lg:grid-cols-2 lg:gap-12">
        <Faq />
        <ContactForm />
      </div>
    </Layout>
  );
}
