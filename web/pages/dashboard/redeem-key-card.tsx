import { useState, type FormEvent } from "react";
import { PRODUCT_KEY_LENGTH, normaliseProductKey } from "@shared/product";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { TextField } from "../../components/ui/text-field";
import { failureToast } from "../../lib/failure-toast";
import { useServerFieldError } from "../../components/ui/use-server-field-error";
import { useRedeemKey } from "../../lib/queries/dashboard";
import { toast } from "../../lib/use-toast";

/** Applies another product key: adds its days, or makes the subscription lifetime. */
export function RedeemKeyCard() {
  const [key, setKey] = useState("");
  const redeem = useRedeemKey();
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
        title: "Redeem Failed",
        description: `A product key has ${PRODUCT_KEY_LENGTH} characters.`,
      });
      return;
    }
    redeem.mutate(key, {
      onSuccess: () => {
        setKey("");
        toast({ title: "Key Redeemed", description: "Your subscription has been extended." });
      },
      onError: (error) =>
        server.show(
          error,
          failureToast("Redeem Failed", {
            fallback: "Could not redeem the key",
            statusPrefix: "Could not redeem the key.",
          })(error),
        ),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="text-base">
          Redeem a product key
        </CardTitle>
        <CardDescription>
          Bought another plan? Its days are added to your current period; a lifetime key never ends.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3">
          <TextField
            id="redeem-key"
            label="Product key"
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
            {redeem.isPending ? "Redeeming…" : "Redeem Key"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
