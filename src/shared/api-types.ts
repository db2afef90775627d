/**
 * Shapes of the JSON the API answers, shared by the server and the SPA.
 * Times are ISO-8601 strings; money is dollars with cents precision.
 */
import type { PlanId } from "./plans";
import type { ThemeChoice } from "./theme";

export interface ApiErrorBody {
  error: string;
  message: string;
}

export interface UserSettings {
  notifications: boolean;
  autoSync: boolean;
  theme: ThemeChoice;
  language: string;
}

export interface PublicUser {
  id: number;
  email: string;
  isAdmin: boolean;
  figmaKey: string | null;
  settings: UserSettings;
  createdAt: string;
}

export type SubscriptionStatus = "active" | "cancelled" | "expired";

export interface TimeRemaining {
  total: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export interface SubscriptionView {
  plan: PlanId;
  planName: string;
  status: SubscriptionStatus;
  startDate: string;
  endDate: string | null;
  cancelledAt: string | null;
  timeRemaining: TimeRemaining | null;
}

export interface MeResponse {
  user: PublicUser;
  subscription: SubscriptionView | null;
}

export interface AuthResponse extends MeResponse {
  token: string;
}

export interface DashboardResponse {
  subscription: SubscriptionView | null;
}

export interface LinkedAccountResponse {
  linkedRobloxAccountId: string | null;
  linkedAt: string | null;
}

export interface RobloxProfile {
  id: string;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
}

export interface ProductKeyView {
  _id: number;
  key: string;
  plan: PlanId;
  isUsed: boolean;
  source: "purchase" | "admin" | "cli";
  usedAt: string | null;
  createdAt: string;
}

export interface SaleView {
  _id: number;
  amount: number;
  fee: number;
  plan: PlanId;
  email: string;
  status: "paid" | "refunded";
  createdAt: string;
}

export interface SalesResponse {
  totalRevenue: number;
  adminRevenue: number;
  salesCount: number;
  sales: SaleView[];
}

export type TicketSubject = "technical" | "billing" | "feature" | "bug";

export interface SupportTicketView {
  _id: number;
  subject: TicketSubject | null;
  message: string;
  email: string;
  status: "open" | "closed";
  createdAt: string;
}

export interface ReviewView {
  id: number;
  rating: number;
  comment: string;
  hidden?: boolean;
  createdAt: string;
  user: { username: string | null };
}

export interface ActiveUsersResponse {
  count: number;
}

export interface PaymentIntentResponse {
  clientSecret: string;
  /** "stripe" or "demo": which card form the dialog shows. */
  provider: "stripe" | "demo";
}

export interface PaymentResultResponse {
  success: boolean;
  plan?: string;
  error?: string;
}

export interface PublicConfigResponse {
  paymentProvider: "stripe" | "demo";
  stripePublishableKey: string | null;
  productName: string;
}

export interface EmailView {
  _id: number;
  to: string;
  subject: string;
  template: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  text: string;
}

export type PluginValidateCode =
  | "VALID"
  | "INVALID_KEY"
  | "SUBSCRIPTION_EXPIRED"
  | "ACCOUNT_MISMATCH"
  | "RATE_LIMITED";

/** GET /api/admin/overview: the admin panel's Overview tab in one answer. */
export interface AdminOverviewResponse {
  totalRevenue: number;
  adminRevenue: number;
  salesCount: number;
  productKeyCount: number;
  availableKeyCount: number;
  openTicketCount: number;
  recentSales: SaleView[];
}

/** GET /api/admin/users: one account as an operator sees it (never the plugin key itself). */
export interface AdminUserView {
  id: number;
  email: string;
  isAdmin: boolean;
  subscription: SubscriptionView | null;
  linkedRobloxAccountId: string | null;
  linkedAt: string | null;
  hasFigmaKey: boolean;
  createdAt: string;
  lastSeenAt: string | null;
}

/** GET /api/admin/audit */
export interface AuditEntryView {
  _id: number;
  actorUserId: number | null;
  actorEmail: string | null;
  action: string;
  subject: string | null;
  detail: string | null;
  createdAt: string;
}

export interface TestEmailResponse {
  success: true;
  emailId: number;
  message: string;
}

/** POST /api/plugin/validate, 200. Every other answer is PluginValidateFailure. */
export interface PluginValidateSuccess {
  valid: true;
  code: "VALID";
  plan: PlanId;
  status: SubscriptionStatus;
  endDate: string | null;
  timeRemaining: TimeRemaining | null;
  linkedRobloxAccountId: string;
}

export interface PluginValidateFailure {
  valid: false;
  code: Exclude<PluginValidateCode, "VALID"> | "INVALID_REQUEST";
  error: string;
  message: string;
  retryAfterSeconds?: number;
}

export interface GeneratePluginKeyResponse {
  figmaKey: string;
}

export interface MyReviewResponse {
  review: ReviewView | null;
}

/** POST /api/payment/demo/confirm (demo provider only). */
export interface DemoConfirmResponse {
  paymentIntentId: string;
  status: "succeeded";
}

/** Forgot and reset password answer one sentence for the person. */
export interface MessageResponse {
  message: string;
}
