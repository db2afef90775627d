/**
 * Roblox profile look-ups (username, 150x150 headshot) made by the server for the dashboard:
 * the browser's own calls fail on CORS. Cached an hour; 3 s timeout; a failure gives nulls.
 */
import type { AppDeps } from "../../deps";
import { HOUR, MINUTE } from "../../lib/clock";
import type { RobloxProfile } from "@shared/api/roblox";

const PROFILE_CACHE_MS = HOUR;
/** A failed look-up is retried sooner than an hour, but not on every page load. */
const FAILED_PROFILE_CACHE_MS = MINUTE;
const PROFILE_TIMEOUT_MS = 3_000;

async function getJson<Body>(url: string): Promise<Body | null> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`${response.status} from ${url}`);
  return response.json();
}

const usableImage = (value: unknown) =>
  typeof value === "string" && /^(https?:|data:image\/)/.test(value) ? value : null;

async function fetchName(base: string, id: string) {
  try {
    const body = await getJson<{ name?: unknown; displayName?: unknown }>(`${base}/v1/users/${id}`);
    return {
      ok: true,
      username: typeof body?.name === "string" ? body.name : null,
      displayName: typeof body?.displayName === "string" ? body.displayName : null,
    };
  } catch {
    return { ok: false, username: null, displayName: null };
  }
}

async function fetchHeadshot(base: string, id: string) {
  try {
    const body = await getJson<{ data?: ({ targetId?: unknown; imageUrl?: unknown } | null)[] }>(
      `${base}/v1/users/avatar-headshot?userIds=${id}&size=150x150&format=Png&isCircular=false`,
    );
    const entry = Array.isArray(body?.data)
      ? (body.data.find((d) => String(d?.targetId) === id) ?? body.data[0])
      : null;
    return { ok: true, avatarUrl: usableImage(entry?.imageUrl) };
  } catch {
    return { ok: false, avatarUrl: null };
  }
}

/** Profiles kept (a few hundred bytes each: about 2 MB at most); the oldest looked up goes first. */
export const MAX_CACHED_PROFILES = 10_000;

interface RobloxProfiles {
  get(id: string): Promise<RobloxProfile>;
}

/** One cache per app instance. */
export function robloxProfiles(deps: Pick<AppDeps, "config" | "clock">): RobloxProfiles {
  const cache = new Map<string, { profile: RobloxProfile; expiresAt: number }>();
  const pending = new Map<string, Promise<RobloxProfile>>();

  async function lookUp(id: string): Promise<RobloxProfile> {
    const [name, headshot] = await Promise.all([
      fetchName(deps.config.robloxUsersApiBase, id),
      fetchHeadshot(deps.config.robloxThumbnailsApiBase, id),
    ]);
    const profile = { id, username: name.username, displayName: name.displayName, avatarUrl: headshot.avatarUrl };
    const ttl = name.ok && headshot.ok ? PROFILE_CACHE_MS : FAILED_PROFILE_CACHE_MS;
    cache.set(id, { profile, expiresAt: deps.clock.now() + ttl });
    if (cache.size > MAX_CACHED_PROFILES) cache.delete(cache.keys().next().value!);
    return profile;
  }

  return {
    get(id) {
      const hit = cache.get(id);
      if (hit && hit.expiresAt > deps.clock.now()) return Promise.resolve(hit.profile);
      // Concurrent requests for one ID share one look-up.
      let running = pending.get(id);
      if (!running) {
        running = lookUp(id).finally(() => pending.delete(id));
        pending.set(id, running);
      }
      return running;
    },
  };
}
