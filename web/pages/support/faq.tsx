import { useState } from "react";
import { Link } from "wouter";
import { faqEntries } from "@shared/faq-entries";
import { REFUND_DAYS } from "@shared/product";
import { useT } from "../../lib/language";
import type { MessageId } from "../../lib/i18n";
import { usePublicConfig } from "../../lib/queries/checkout";
import { LostKeyDialog } from "../../components/lost-key-dialog";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../components/ui/accordion";

/**
 * An answer's panel is made when the visitor reaches for its question (pointer over it, focus on it, or it opens),
 * not with the page: Radix measures each panel it mounts, a forced layout per question while the page hydrates,
 * which was one long task on a phone. Made closed just before the click, the panel still slides open.
 */
function usePanelsOnDemand() {
  const [made, setMade] = useState<ReadonlySet<string>>(() => new Set());
  const make = (id: string) => setMade((ids) => (ids.has(id) ? ids : new Set(ids).add(id)));
  return { made, make };
}

/** The six questions of the support page; one answer open at a time. */
export function Faq() {
  // The server's page carries the configuration, so the refund window is the site's from the first paint.
  const { data: config } = usePublicConfig();
  const t = useT();
  const panels = usePanelsOnDemand();
  const entries = faqEntries(config?.refundWindowDays ?? REFUND_DAYS, (id, values) => t(id as MessageId, values));
  return (
    <section aria-labelledby="faq-title">
      <h2 id="faq-title" className="text-2xl font-semibold tracking-tight">
        {t("support.faq.title")}
      </h2>
      <Accordion type="single" collapsible className="mt-4" onValueChange={(id) => id && panels.make(id)}>
        {entries.map((entry) => (
          <AccordionItem key={entry.id} value={entry.id}>
            <AccordionTrigger onPointerEnter={() => panels.make(entry.id)} onFocus={() => panels.make(entry.id)}>
              {entry.question}
            </AccordionTrigger>
            {panels.made.has(entry.id) && (
              <AccordionContent className="leading-relaxed">
                {entry.answer}
                {entry.link && (
                  <>
                    {" "}
                    <Link href={entry.link.href} className="font-medium text-brand underline underline-offset-4">
                      {entry.link.label}
                    </Link>
                    .
                  </>
                )}
              </AccordionContent>
            )}
          </AccordionItem>
        ))}
      </Accordion>
      <p className="mt-4 text-sm text-muted-foreground">
        {t("support.faq.lostKey")} <LostKeyDialog />
      </p>
    </section>
  );
}
