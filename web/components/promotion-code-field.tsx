/** The field a promotion code is typed into: any case (codes are kept upper-case), no autofill or spelling help, a code's length at most. */
import type { ComponentProps } from "react";
import { PROMOTION_CODE_MAX_LENGTH } from "@shared/promotion-code";
import { TextField } from "./ui/text-field";

export function PromotionCodeField(props: ComponentProps<typeof TextField>) {
  return (
    <TextField
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={PROMOTION_CODE_MAX_LENGTH}
      {...props}
    />
  );
}
