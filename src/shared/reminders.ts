/** The renewal reminders a subscription with an end date gets, in the order they come. */
export const REMINDER_KINDS = ["7-days", "1-day", "ended"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
