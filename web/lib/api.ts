import type { QueryFunction } from "@tanstack/react-query";
import { readStoredToken } from "./token-storage";
import { useSession } from "./session";
import { holdDestructiveToasts } from "./use-toast";
import { DEFAULT_LANGUAGE, splitLanguagePath } from "@shared/languages";
import { loadedCatalogue } from "./i18n";

/**
 * The one call layer (docs/architecture.md#the-spa; its errors: docs/architecture.md#errors). Every non-OK answer becomes an ApiError
 * whose message is the server's `message`, else the response text, else (on a page in another language than
 * English) the page's generic failure sentence, else the status text.
 */
export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The machine-readable `error` code of the JSON body, when there is one. */
  readonly code: string | undefined;
  /** The parsed JSON body (e.g. `remainingMs` on a 429), or the raw text. */
  readonly body: unknown;
  /** What the server itself said (`message` or text); empty when it said nothing. */
  readonly serverText: string;

  constructor(message: string, status: number, options: { code?: string; body?: unknown; serverText?: string } = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = options.code;
    this.body = options.body;
    this.serverText = options.serverText ?? "";
  }
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function field(body: unknown, name: string): string | undefined {
  if (body && typeof body === "object" && name in body) {
    const value = (body as Record<string, unknown>)[name];
    return typeof value === "string" ? value : undefined;
  }
  return undefined;
}

/**
 * On a page in another language than English, its own sentence for a failure the server said nothing of (a
 * proxy's bare 502, an unreachable server); null in English, whose screens say "… Status: 502" as they always did.
 */
function pageSentence(id: "toast.failureGeneric" | "toast.unreachable"): string | null {
  if (typeof location === "undefined") return null;
  const { language } = splitLanguagePath(location.pathname);
  if (language === DEFAULT_LANGUAGE) return null;
  return loadedCatalogue(language)?._(id) ?? null;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  const body = parseBody(text);
  const said = field(body, "message") || (typeof body === "string" ? body : "");
  const serverText = said || pageSentence("toast.failureGeneric") || "";
  const message = serverText || response.statusText || `Request failed with status ${response.status}`;
  return new ApiError(message, response.status, { code: field(body, "error"), body, serverText });
}

async function send(
  method: HttpMethod,
  url: string,
  body: unknown,
  signal?: AbortSignal,
  extraHeaders: Record<string, string> = {},
) {
  const token = readStoredToken();
  const headers: Record<string, string> = { "Content-Type": "application/json", ...extraHeaders };
  if (token) headers.Authorization = `Bearer ${token}`;
  // The server's sentences (a refusal's `message`) in the page's language, whatever the browser prefers.
  if (typeof location !== "undefined") headers["Accept-Language"] = splitLanguagePath(location.pathname).language;
  try {
    const response = await fetch(url, {
      method,
      headers,
      credentials: "include",
      body: method === "GET" || body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    return { response, sentToken: token !== null };
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const unreachable =
      pageSentence("toast.unreachable") ?? "Could not reach the server. Check your connection and try again.";
    throw new ApiError(unreachable, 0, { body: null });
  }
}

/**
 * Saves a file the API answers (a CSV) under the server's file name. A plain link can't carry the
 * session's bearer token, so the file is fetched and handed to the browser as a download.
 */
export async function downloadFile(url: string): Promise<void> {
  const { response } = await send("GET", url, undefined);
  if (!response.ok) throw await errorFrom(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "download";
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return parseBody(text) as T;
}

/**
 * Makes a call for a mutation and returns the parsed JSON answer (null when empty).
 * A 401 on a call that carried a token ends the session and throws Error('Unauthorized').
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const { response, sentToken } = await send(method, url, body, undefined, headers);
  if (response.status === 401 && sentToken) {
    const original = await errorFrom(response);
    useSession.getState().logout();
    holdDestructiveToasts(2000);
    throw new ApiError("Unauthorized", 401, {
      code: original.code,
      body: original.body,
      serverText: original.serverText,
    });
  }
  if (!response.ok) throw await errorFrom(response);
  return readJson<T>(response);
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** URL of a query: its key parts joined with "/" (["/api/admin/product-keys", 5] → "/api/admin/product-keys/5"). */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  return queryKey.filter((part) => typeof part === "string" || typeof part === "number").join("/");
}

/**
 * The react-query fetcher: GETs the joined query key and parses JSON.
 * A 401 clears the session, then either resolves to null or throws.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const { response, sentToken } = await send("GET", urlFromQueryKey(queryKey), undefined, signal);
    if (response.status === 401) {
      if (sentToken) useSession.getState().clear();
      if (on401 === "returnNull") return null;
    }
    if (!response.ok) {
      // The default fetcher's error reads "status code, colon, space, then text".
      const error = await errorFrom(response);
      throw new ApiError(`${response.status}: ${error.message}`, error.status, error);
    }
    return readJson<T>(response);
  };
}

/** True for an ApiError with the given status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
