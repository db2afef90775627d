/** `t` schemas shared by many routes: paging and numeric ids. */
import { t } from "elysia";

export const MAX_PAGE_SIZE = 500;

/** `?limit=&offset=` for every list that can grow: whole numbers only, so SQLite never sees 0.5 or 1e300. */
export const pageQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })),
  offset: t.Optional(t.Integer({ minimum: 0, maximum: 1_000_000_000, error: "offset must be a whole number of 0 or more." })),
});

export const idParams = t.Object({
  id: t.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, error: "The id must be a positive whole number." }),
});
