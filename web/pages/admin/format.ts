const money = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Dollars with two decimals and a $, as revenue is always shown. */
export const formatMoney = (dollars: number) => money.format(dollars);

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : "—";
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
