/** What a promotion code looks like: 2 to 40 letters, digits and dashes, not starting with a dash; any case (stored upper-case). */
export const PROMOTION_CODE_MAX_LENGTH = 40;

/** The pattern as the API's schema states it. */
export const PROMOTION_CODE_SOURCE = `^[A-Za-z0-9][A-Za-z0-9-]{1,${PROMOTION_CODE_MAX_LENGTH - 1}}$`;

export const PROMOTION_CODE = new RegExp(PROMOTION_CODE_SOURCE);
