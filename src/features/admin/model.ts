import { t } from "elysia";
import { KEY_GENERATION_MAX, KEY_GENERATION_MIN } from "../../shared/product";

import { pageQuery } from "../../lib/schemas";

export { MAX_PAGE_SIZE, idParams, pageQuery } from "../../lib/schemas";

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
