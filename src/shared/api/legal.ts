/** GET /api/legal/:slug: a legal page as HTML rendered on the server from its Markdown. */
import { t, type Static } from "./type-system";
import { LEGAL_PAGES } from "../legal";

export const LegalModel = {
  params: t.Object({
    slug: t.Union(
      LEGAL_PAGES.map((page) => t.Literal(page.slug)),
      { error: `The page must be one of ${LEGAL_PAGES.map((page) => page.slug).join(", ")}.` },
    ),
  }),
  document: t.Object({
    slug: t.String(),
    title: t.String(),
    html: t.String({ description: "The page's body, rendered from Markdown" }),
  }),
};

export type LegalDocument = Static<typeof LegalModel.document>;
