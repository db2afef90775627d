/**
 * What production demands beyond the other environments: every provider configured, live payment keys
 * in one mode, a sender address that is an address, and an https site. Each gap is one sentence.
 */

/** "Name <addr@host>" or "addr@host". */
const EMAIL_FROM_PATTERN = /^(?:[^<>]*<\s*[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+\s*>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

const stripeMode = (key: string) => /^(?:sk|pk|rk)_(live|test)_/.exec(key)?.[1];

const REQUIRED_IN_PRODUCTION = [
  "JWT_SECRET",
  "APP_URL",
  "PLUGIN_INSTALL_URL",
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "RESEND_API_KEY",
  "EMAIL_FROM",
];

/** Every variable production needs that is missing, then what it refuses in the ones that are set. */
export function productionProblems(value: (name: string) => string | undefined): string[] {
  const missing = REQUIRED_IN_PRODUCTION.filter((name) => !value(name)).map(
    (name) => `${name} is required in production`,
  );
  return [...missing, ...stripeKeyProblems(value), ...senderProblems(value), ...siteAddressProblems(value)];
}

/** Test keys, or a secret and a publishable key from different modes. */
function stripeKeyProblems(value: (name: string) => string | undefined): string[] {
  const secret = value("STRIPE_SECRET_KEY");
  const publishable = value("STRIPE_PUBLISHABLE_KEY");
  const allowTestKeys = value("ALLOW_STRIPE_TEST_KEYS") === "1";
  if (
    secret &&
    publishable &&
    stripeMode(secret) &&
    stripeMode(publishable) &&
    stripeMode(secret) !== stripeMode(publishable)
  ) {
    return [
      `STRIPE_SECRET_KEY is a ${stripeMode(secret)} key and STRIPE_PUBLISHABLE_KEY a ${stripeMode(publishable)} key: use both from the same mode`,
    ];
  }
  if (!allowTestKeys && [secret, publishable].some((key) => key && stripeMode(key) === "test")) {
    return [
      "Stripe test keys take no real payments: use live keys in production, or set ALLOW_STRIPE_TEST_KEYS=1 for a staging site",
    ];
  }
  return [];
}

function senderProblems(value: (name: string) => string | undefined): string[] {
  const from = value("EMAIL_FROM");
  if (from && !EMAIL_FROM_PATTERN.test(from))
    return [`EMAIL_FROM must be an address, like "Layerlift <keys@example.com>"; got "${from}"`];
  return [];
}

/** The site's address must be a URL, and https unless it is this machine. */
function siteAddressProblems(value: (name: string) => string | undefined): string[] {
  const appUrl = value("APP_URL");
  if (!appUrl) return [];
  let url: URL | null = null;
  try {
    url = new URL(appUrl);
  } catch {}
  const local = url && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (!url) return [`APP_URL must be a URL, like https://layerlift.example; got "${appUrl}"`];
  if (url.protocol !== "https:" && !local)
    return [
      `APP_URL must start with https:// in production (links in e-mails and the sitemap use it); got "${appUrl}"`,
    ];
  return [];
}
