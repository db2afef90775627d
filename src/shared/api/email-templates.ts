/** The admin panel's list of the e-mails the site sends, and a preview of each made from a sample. */
import { t, type Static } from "./type-system";

const template = t.Object({
  template: t.String({ description: "The registry name, as the outbox's template column holds it." }),
  title: t.String(),
  sentWhen: t.String(),
});

export const EmailTemplateModel = {
  template,
  templates: t.Array(template),
  params: t.Object({ template: t.String({ minLength: 1, maxLength: 64 }) }),
  preview: t.Object({
    template: t.String(),
    subject: t.String(),
    html: t.String({ description: "The HTML part, rendered from a made-up sample." }),
    text: t.String({ description: "The plain-text part of the same sample." }),
  }),
};

export type EmailTemplateView = Static<typeof EmailTemplateModel.template>;
export type EmailPreview = Static<typeof EmailTemplateModel.preview>;
