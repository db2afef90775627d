import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { useAfterIdle } from "../../lib/use-after-idle";
import type { CheckoutDialogProps } from "./checkout-dialog";

/** Whether the dialog's code has arrived, for the ways in to stay busy until it can show (useCheckoutDialogWaiting). */
let arrived = false;
const arrivalListeners = new Set<() => void>();

const Loaded = lazy(() =>
  import("./checkout-dialog").then((module) => {
    arrived = true;
    for (const listener of arrivalListeners) listener();
    return { default: module.CheckoutDialog };
  }),
);

const onArrival = (listener: () => void) => {
  arrivalListeners.add(listener);
  return () => arrivalListeners.delete(listener);
};

/**
 * True while a checkout is open but its dialog's code is still on its way (a plan chosen before the page was
 * first idle, on a slow connection): the button that opened it stays busy until the dialog shows, rather than
 * nothing happening.
 */
export function useCheckoutDialogWaiting(checkout: CheckoutDialogProps["checkout"]): boolean {
  const ready = useSyncExternalStore(
    onArrival,
    () => arrived,
    () => false,
  );
  return checkout !== null && !ready;
}

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
