/**
 * Errors are values with an HTTP status, a stable code and a sentence for a person.
 * The app's error handler turns them into `{ error, message, ...extra }` (docs/architecture.md#errors).
 */
export class AppError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public extra: Record<string, unknown> = {},
    public headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /**
   * What the sentence names that the answer does not carry as a field (a promotion code, a plan's name): the
   * values its catalogue message is formatted with in another language (src/http/answer-language.ts).
   */
  sentenceValues: Record<string, unknown> = {};

  /** The same error, its sentence naming `values`. */
  naming(values: Record<string, unknown>): this {
    this.sentenceValues = values;
    return this;
  }
}

export const badRequest = (code: string, message: string) => new AppError(400, code, message);
const SESSION_ENDED_MESSAGE = "Your session has ended. Please sign in again.";
const ADMINS_ONLY_MESSAGE = "This area is for administrators only.";
/** 401: no valid session token. */
export const sessionEnded = () => new AppError(401, "UNAUTHORIZED", SESSION_ENDED_MESSAGE);
/** 403: signed in, but not an admin. */
export const adminsOnly = () => new AppError(403, "FORBIDDEN", ADMINS_ONLY_MESSAGE);
export const notFound = (message = "Not found.") => new AppError(404, "NOT_FOUND", message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);

/**
 * The port is taken, or HOST is no address of this machine: the command line prints the sentence and exits 1.
 * Here rather than beside the server, so the command line can tell it apart without loading the server.
 */
export class PortInUseError extends Error {}
