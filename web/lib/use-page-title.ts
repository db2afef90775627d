import { useEffect } from "react";
import { PRODUCT_NAME } from "../../src/shared/product";

/** Sets the browser tab title for the current screen: "Login | Layerlift". */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
