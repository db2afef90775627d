/**
 * The shapes of the JSON the API answers, as the SPA sees them. Every one is derived from the route
 * schemas in src/shared/api/<feature>.ts (the same schemas that check each answer and make the
 * OpenAPI document), so a change there changes these types too.
 * Type-only: nothing here reaches the SPA's bundle. Times are ISO-8601 strings; money is dollars.
 */

export type { UserSettings, PublicUser } from "./api/users";
export type {
  SubscriptionStatus,
  TimeRemaining,
  SubscriptionView,
  DashboardResponse,
  RenewBody,
} from "./api/subscriptions";
export type {
  MeResponse,
  AuthResponse,
  LoginResponse,
  MessageResponse,
  SignupBody,
  LoginBody,
  ResetPasswordBody,
} from "./api/auth";
export type {
  PluginValidateSuccess,
  PluginValidateFailure,
  GeneratePluginKeyResponse,
  LinkedAccountResponse,
} from "./api/plugin";
export type { RobloxProfile } from "./api/roblox";
export type { ReviewView, MyReviewResponse, ReviewBody } from "./api/reviews";
export type { ActiveUsersResponse } from "./api/stats";
export type { BackupStatusView, HealthReport, PublicConfigResponse } from "./api/health";
export type {
  PaymentIntentResponse,
  PaymentResultResponse,
  DemoConfirmResponse,
  CreateIntentBody,
  DemoConfirmBody,
  CancelPaymentBody,
  CancelPaymentResponse,
} from "./api/payments";
export type { KeyResendBody, KeyResendResponse } from "./api/product-keys";
export type {
  TicketSubject,
  SupportTicketView,
  TicketBody,
  TicketThreadView,
  TicketDetailView,
  TicketSenderView,
  TicketReplyBody,
} from "./api/support";
export type {
  ProductKeyView,
  AdminProductKeyView,
  SaleView,
  SalesResponse,
  AdminOverviewResponse,
  AdminUserView,
  TestEmailResponse,
  GenerateKeysBody,
  TestEmailBody,
  RefundBody,
  RevenueResponse,
} from "./api/admin";
export type { EmailView, ListedEmailView, RetriedEmails, FailedEmailCount } from "./api/email";
export type { AuditEntryView } from "./api/audit";
export type { AddSeatsBody, EndedSeatView, SeatKeyResponse, SeatsResponse, SeatView } from "./api/seats";
