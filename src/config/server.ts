/** Where the server listens (PORT, HOST) and the secret its session tokens are signed with (JWT_SECRET). */

export function parseServerConfig(
  value: (name: string) => string | undefined,
  env: Record<string, string | undefined>,
  problems: string[],
): { jwtSecret: string | null; port: number; host: string } {
  const jwtSecret = value("JWT_SECRET") ?? null;
  if (jwtSecret && jwtSecret.length < 32) problems.push("JWT_SECRET must be at least 32 characters");

  const port = Number(value("PORT") ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be a port number, got "${env.PORT}"`);

  const host = value("HOST") ?? "0.0.0.0";
  if (!/^[A-Za-z0-9.:-]+$/.test(host))
    problems.push(`HOST must be an address to listen on, such as 0.0.0.0, 127.0.0.1 or ::; got "${env.HOST}"`);
  return { jwtSecret, port, host };
}
