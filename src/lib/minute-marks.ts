/**
 * Marks kept to the minute (when an account was last seen, when a key last validated), written at most once a
 * minute a row so that hot paths write nothing. A row read before its mark was written still shows the old one,
 * so every call under way the moment a mark fell due (all of a busy key's validations, a dashboard's calls) would
 * write the same mark again. This process remembers the marks it has sent, by database handle, and each is
 * written once; another instance writes its own at most once a minute too.
 */
import { MINUTE } from "./clock";

/** The marks this process sent, oldest first (a mark sent again moves to the end), by database handle. */
const sentBy = new WeakMap<object, Map<string, number>>();

/** Beyond this many marks in a minute, the oldest are forgotten first: a mark forgotten is only written again. */
const MOST_KEPT = 20_000;

/** Whether the mark `name` is within the minute at `now`: as the row stored it, or as this process sent it. */
export function markedLately(db: object, name: string, stored: number | null, now: number): boolean {
  if (stored !== null && now - stored < MINUTE) return true;
  const sent = sentBy.get(db)?.get(name);
  return sent !== undefined && now - sent < MINUTE;
}

/**
 * Writes the mark `name` with `write` unless it is within the minute. A write that fails is forgotten, so the
 * next call tries again.
 */
export async function markOnceAMinute(
  db: object,
  name: string,
  stored: number | null,
  now: number,
  write: () => Promise<unknown>,
): Promise<void> {
  if (markedLately(db, name, stored, now)) return;
  let sent = sentBy.get(db);
  if (!sent) {
    sent = new Map();
    sentBy.set(db, sent);
  }
  sent.delete(name);
  sent.set(name, now);
  for (const [oldest, at] of sent) {
    if (now - at < MINUTE && sent.size <= MOST_KEPT) break;
    sent.delete(oldest);
  }
  try {
    await write();
  } catch (error) {
    if (sent.get(name) === now) sent.delete(name);
    throw error;
  }
}
