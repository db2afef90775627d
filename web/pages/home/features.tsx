import type { LucideIcon } from "lucide-react";
import { Anchor, MonitorSmartphone, Zap } from "lucide-react";
import { PRODUCT_NAME } from "@shared/product";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";

interface Feature {
  title: string;
  text: string;
  icon: LucideIcon;
}

const FEATURES: readonly Feature[] = [
  {
    title: "Auto Device Scaling",
    text: "Every element is sized relative to the screen, so one design looks right on phones, tablets, desktops and consoles without a single manual tweak.",
    icon: MonitorSmartphone,
  },
  {
    title: "Smart Anchoring",
    text: "Anchor points and positions are set from where things sit in your frame: corner counters stay in corners and centred panels stay centred on any aspect ratio.",
    icon: Anchor,
  },
  {
    title: "Quick Imports",
    text: "Import and scale a whole screen in under a minute, with buttons, scrolling lists and reused icons already set up from your layer names.",
    icon: Zap,
  },
];

export function Features() {
  return (
    <section aria-labelledby="features-title" className="mt-24 sm:mt-32">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="features-title" className="text-3xl font-semibold tracking-tight sm:text-4xl">
          Built for game UI
        </h2>
        <p className="mt-3 text-muted-foreground">
          {PRODUCT_NAME} does the tedious part of moving a design into the game, so you can spend the time on gameplay.
        </p>
      </div>
      <ul className="mt-10 grid gap-4 md:grid-cols-3">
        {FEATURES.map(({ title, text, icon: Icon }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-accent text-brand">
                  <Icon className="size-5" aria-hidden />
                </span>
                <CardTitle className="text-lg">{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
