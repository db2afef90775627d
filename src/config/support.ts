/** SUPPORT_LINK_DAYS: how long the link to a ticket's page, in support e-mails, keeps working. */

export const DEFAULT_SUPPORT_LINK_DAYS = 30;

export function parseSupportConfig(
  value: (name: string) => string | undefined,
  problems: string[],
): { supportLinkDays: number } {
  const raw = value("SUPPORT_LINK_DAYS");
  const supportLinkDays = Number(raw ?? DEFAULT_SUPPORT_LINK_DAYS);
  if (!Number.isInteger(supportLinkDays) || supportLinkDays < 1 || supportLinkDays > 365)
    problems.push(`SUPPORT_LINK_DAYS must be a whole number of days from 1 to 365; got "${raw}"`);
  return { supportLinkDays };
}
