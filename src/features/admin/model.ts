import { t } from "elysia";
import { KEY_GENERATION_MAX, KEY_GENERATION_MIN } from "../../shared/product";

export const MAX_PAGE_SIZE = 500;

/** `?limit=&offset=` for every list that can grow. */
export const pageQuery = t.Object({
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: MAX_PAGE_SIZE, error: `limit must be a number from 1 to ${MAX_PAGE_SIZE}.` })),
  offset: t.Optional(t.Numeric({ minimum: 0, error: "offset must be a number of 0 or more." })),
});

export const idParams = t.Object({
  id: t.Numeric({ minimum: 1, error: "The id must be a positive number." }),
});

const plan = t.Union([t.Literal("month"), t.Literal("pro"), t.Literal("lifetime")], {
  error: "Plan must be one of month, pro or lifetime.",
});

export const AdminModel = {
  generateBody: t.Object({
    plan,
    count: t.Integer({
      minimum: KEY_GENERATION_MIN,
      maximum: KEY_GENERATION_MAX,
      error: `Count must be a whole number from ${KEY_GENERATION_MIN} to ${KEY_GENERATION_MAX}.`,
    }),
  }),
  testEmailBody: t.Object({
    email: t.String({ format: "email", maxLength: 254, error: "Please enter a valid email address." }),
    testKey: t.Optional(t.String({ maxLength: 64, error: "The test key can be at most 64 characters." })),
  }),
  usersQuery: t.Object({
    q: t.Optional(t.String({ maxLength: 254 })),
    limit: pageQuery.properties.limit,
    offset: pageQuery.properties.offset,
  }),
};
