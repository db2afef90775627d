/** The public screens that load on their own routes, as one chunk (see PAGES in app.tsx). */
export { default as PurchasePage } from "./purchase/index";
export { default as PurchaseSuccessPage } from "./purchase/success";
export { default as SupportPage } from "./support/index";
export { default as SupportTicketPage } from "./support/ticket";
export { default as LoginPage } from "./auth/login";
export { default as SignupPage } from "./auth/signup";
export { default as ResetPasswordPage } from "./auth/reset-password";
export { default as ConfirmEmailPage } from "./auth/confirm-email";
export { default as ConfirmAddressPage } from "./auth/confirm-address";
export { default as DocsPage } from "./docs/index";
export { default as DocsTagPage } from "./docs/tag-page";
export { default as GettingStartedPage } from "./docs/getting-started";
export { default as LegalPage } from "./legal/index";
export { default as RefundLinkPage } from "./purchase/refund-link";
