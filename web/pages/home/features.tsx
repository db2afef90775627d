import type { LucideIcon } from "lucide-react";
import { Anchor, MonitorSmartphone, Zap } from "lucide-react";
import { useT } from "../../lib/language";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";

interface Feature {
  /** Its title and text are the catalogues' home.features.{name}.title and .text. */
  name: "scaling" | "anchoring" | "imports";
  icon: LucideIcon;
}

const FEATURES: readonly Feature[] = [
  { name: "scaling", icon: MonitorSmartphone },
  { name: "anchoring", icon: Anchor },
  { name: "imports", icon: Zap },
];

export function Features() {
  const t = useT();
  return (
    <section aria-labelledby="features-title" className="mt-24 sm:mt-32">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-title" className="text-3xl font-semibold tracking-tight sm:text-4xl">
          {t("home.features.title")}
        </h2>
        <p className="mt-3 text-muted-foreground">{t("home.features.text")}</p>
      </div>
      <ul className="mt-10 grid gap-4 md:grid-cols-3">
        {FEATURES.map(({ name, icon: Icon }) => (
          <li key={name}>
            <Card className="h-full">
              <CardHeader>
                <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-accent text-brand">
                  <Icon className="size-5" aria-hidden />
                </span>
                <CardTitle className="text-lg">{t(`home.features.${name}.title`)}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm leading-relaxed text-muted-foreground">{t(`home.features.${name}.text`)}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
