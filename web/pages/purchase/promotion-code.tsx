import { useEffect, useRef, useState, type FormEvent } from "react";
import { Tag, X } from "lucide-react";
import type { PromotionLookup } from "@shared/api/pricing";
import { PROMOTION_CODE } from "@shared/promotion-code";
import { Button } from "../../components/ui/button";
import { PromotionCodeField } from "../../components/promotion-code-field";
import { useLanguage, useMoney, useT } from "../../lib/language";
import { DEFAULT_LANGUAGE, languageInfo } from "@shared/languages";

export interface PromotionCodeBoxProps {
  /** The code in the address (?code=), or null. */
  code: string | null;
  lookup: PromotionLookup | undefined;
  /** How many plans the page offers: a code whose prices name fewer is for selected plans only. */
  planCount: number;
  /** Why the look-up itself failed (e.g. too many tries), when it did. */
  failure?: string;
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * "Have a promotion code?": a link that opens a field; an applied code is named with what it takes off,
 * one that does not apply says why, in the server's words.
 */
export function PromotionCodeBox(props: PromotionCodeBoxProps) {
  const { code, lookup, planCount, failure, checking, onApply, onRemove } = props;
  const [open, setOpen] = useState(false);
  const t = useT();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  /** Applied from the field: once the answer is in, the keyboard goes to what replaced the field, or back to it. */
  const applying = useRef(false);
  const remove = useRef<HTMLButtonElement>(null);
  const refused = code && lookup && !lookup.applies ? lookup.message : code && failure ? failure : null;
  const applied = Boolean(code && lookup?.applies);

  useEffect(() => {
    if (!applying.current || checking) return;
    if (applied) remove.current?.focus();
    else if (refused) document.getElementById("promotion-code")?.focus();
    else return;
    applying.current = false;
  }, [applied, refused, checking]);

  if (code && lookup?.applies) {
    return (
      <div className="flex flex-wrap items-center justify-center gap-2 text-sm" role="status">
        <Tag className="size-4 text-success" aria-hidden />
        <span>
          <span className="font-medium">{t("promotion.applied")}</span>{" "}
          <DiscountSentence lookup={lookup} selectedPlans={lookup.prices.length < planCount} />
        </span>
        <Button
          ref={remove}
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={t("promotion.removeNamed", { code: lookup.code })}
        >
          <X aria-hidden /> {t("promotion.remove")}
        </Button>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = typed.trim();
    if (!PROMOTION_CODE.test(value)) {
      setError(t("promotion.invalid"));
      return;
    }
    setError(null);
    applying.current = true;
    onApply(value);
  }

  if (!open && !refused) {
    return (
      <div className="text-center">
        <Button variant="link" onClick={() => setOpen(true)} aria-expanded={false}>
          <Tag aria-hidden /> {t("promotion.open")}
        </Button>
      </div>
    );
  }
  return (
    <form className="flex items-start gap-2" onSubmit={submit} noValidate>
      <div className="flex-1">
        <PromotionCodeField
          id="promotion-code"
          label={t("promotion.label")}
          value={typed}
          error={error ?? refused ?? undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" className="mt-6" disabled={checking}>
        {checking ? t("promotion.checking") : t("promotion.apply")}
      </Button>
    </form>
  );
}

/**
 * What an applied code takes off: in English the server's sentence as it is ("LAUNCH20 takes 20% off."); in
 * another language the page's own, from the answer's numbers, with the percentage and the money in its forms.
 */
function DiscountSentence({ lookup, selectedPlans }: { lookup: PromotionLookup; selectedPlans: boolean }) {
  const t = useT();
  const money = useMoney();
  const language = useLanguage();
  if (language === DEFAULT_LANGUAGE) return <>{lookup.message}</>;
  const discount =
    lookup.percentOff !== null
      ? new Intl.NumberFormat(languageInfo(language).tag, { style: "percent" }).format(lookup.percentOff / 100)
      : money(lookup.amountOff ?? 0);
  return <>{t(selectedPlans ? "promotion.takesSelected" : "promotion.takes", { code: lookup.code, discount })}</>;
}
