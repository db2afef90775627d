/** GET /api/legal/:slug: the terms, privacy policy, refund policy and imprint, for the SPA's legal pages. */
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures } from "@shared/api/common";
import { LegalModel } from "@shared/api/legal";
import { legalDocument } from "./documents";

export function legalRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Legal"] }).get(
    "/api/legal/:slug",
    ({ params }) => legalDocument(deps.config, params.slug),
    {
      params: LegalModel.params,
      response: { 200: LegalModel.document, ...failures(422) },
      detail: { summary: "A legal page (terms, privacy, refund-policy, imprint) as HTML" },
    },
  );
}
