/**
 * The shapes of the JSON the API answers, as the SPA sees them. Every one is derived from the route
 * schemas in src/features/<feature>/model.ts (the same schemas that check each answer and make the
 * OpenAPI document), so a change there changes these types too.
 * Type-only: nothing here reaches the SPA's bundle. Times are ISO-8601 strings; money is dollars.
 */

export type { UserSettings, PublicUser } from "../features/users/model";
export type { SubscriptionStatus, TimeRemaining, SubscriptionView, DashboardResponse, RenewBody } from "../features/subscriptions/model";
export type { MeResponse, AuthResponse, MessageResponse, SignupBody, LoginBody, ResetPasswordBody } from "../features/auth/model";
export type {
  PluginValidateSuccess, PluginValidateFailure, GeneratePluginKeyResponse, LinkedAccountResponse,
} from "../features/plugin/model";
export type { RobloxProfile } from "../features/roblox/model";
export type { ReviewView, MyReviewResponse, ReviewBody } from "../features/reviews/model";
export type { ActiveUsersResponse } from "../features/stats/model";
export type { PublicConfigResponse } from "../features/health/model";
export type {
  PaymentIntentResponse, PaymentResultResponse, DemoConfirmResponse, CreateIntentBody, DemoConfirmBody,
} from "../features/payments/model";
export type { KeyResendBody, KeyResendResponse } from "../features/product-keys/model";
export type { TicketSubject, SupportTicketView, TicketBody } from "../features/support/model";
export type {
  ProductKeyView, AdminProductKeyView, SaleView, SalesResponse, AdminOverviewResponse, AdminUserView, TestEmailResponse, GenerateKeysBody, TestEmailBody, RefundBody, RevenueResponse,
} from "../features/admin/model";
export type { EmailView, RetriedEmails } from "../features/email/model";
export type { AuditEntryView } from "../features/audit/model";
