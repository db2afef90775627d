export type AdminTab =
  | "overview"
  | "sales"
  | "keys"
  | "plans"
  | "promotions"
  | "support"
  | "emails"
  | "users"
  | "audit"
  | "refund-requests"
  | "webhooks";

export interface AdminTabProps {
  /** Lets a tab send the operator to another one (e.g. from a figure to its list, with its filter in `params`). */
  onNavigate: (tab: AdminTab, params?: Record<string, string>) => void;
}
