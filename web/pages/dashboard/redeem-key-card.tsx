import { useState, type FormEvent } from "react";
import { PRODUCT_KEY_LENGTH, normaliseProductKey } from "@shared/product";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { TextField } from "../../components/ui/text-field";
import { failureToast } from "../../lib/failure-toast";
import { useServerFieldError } from "../../components/ui/use-server-field-error";
import { useRedeemKey } from "../../lib/queries/dashboard";
import { toast } from "../../lib/use-toast";
import { useT, type Translate } from "../../lib/language";

/** A refused or failed redeem, in the page's words for the refusals known by their code. */
export const redeemWording = (t: Translate) => ({
  fallback: t("dashboard.redeem.failedText"),
  statusPrefix: t("dashboard.redeem.failedStatus"),
  codes: {
    INVALID_PRODUCT_KEY: t("signup.invalidKey"),
    PRODUCT_KEY_USED: t("signup.keyUsed"),
    PRODUCT_KEY_ON_HOLD: t("signup.keyOnHold"),
  },
});

/** Applies another product key: adds its days, or makes the subscription lifetime. */
export function RedeemKeyCard() {
  const [key, setKey] = useState("");
  const redeem = useRedeemKey();
  const t = useT();
  const server = useServerFieldError<"key">({
    INVALID_PRODUCT_KEY: "key",
    PRODUCT_KEY_USED: "key",
    PRODUCT_KEY_ON_HOLD: "key",
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (key.length !== PRODUCT_KEY_LENGTH) {
      toast({
        variant: "destructive",
        title: t("dashboard.redeem.failed"),
        description: t("dashboard.redeem.length", { length: PRODUCT_KEY_LENGTH }),
      });
      return;
    }
    redeem.mutate(key, {
      onSuccess: () => {
        setKey("");
        toast({ title: t("dashboard.redeem.done"), description: t("dashboard.redeem.doneText") });
      },
      onError: (error) => server.show(error, failureToast(t("dashboard.redeem.failed"), redeemWording(t))(error)),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="text-base">
          {t("dashboard.next.redeemTitle")}
        </CardTitle>
        <CardDescription>{t("dashboard.redeem.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3">
          <TextField
            id="redeem-key"
            label={t("signup.key")}
            value={key}
            onChange={(event) => {
              server.edited("key");
              setKey(normaliseProductKey(event.target.value));
            }}
            error={server.errorFor("key")}
            placeholder="ABCD2345EFGH"
            autoComplete="off"
            spellCheck={false}
            className="font-mono tracking-wider"
          />
          <Button type="submit" disabled={redeem.isPending || key.length === 0}>
            {redeem.isPending ? t("dashboard.redeem.redeeming") : t("dashboard.redeem.button")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
