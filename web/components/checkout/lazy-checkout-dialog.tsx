import { lazy, Suspense, useState } from "react";
import { useAfterIdle } from "../../lib/use-after-idle";
import type { CheckoutDialogProps } from "./checkout-dialog";

const Loaded = lazy(() => import("./checkout-dialog").then((module) => ({ default: module.CheckoutDialog })));

/**
 * The checkout dialog, its code loaded apart from the page's: the buyer's form, the tax and seats steps and the
 * quote are a chunk of their own that the first load of every public screen no longer evaluates. It is fetched
 * when the browser is first idle (so choosing a plan opens it at once), or when a checkout opens before that.
 * Closed, the dialog shows nothing, so the server's page and the first render are the same without it.
 */
export function CheckoutDialog(props: CheckoutDialogProps) {
  const idle = useAfterIdle();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (idle || props.checkout)) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  ) : null;
}
