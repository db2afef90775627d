/**
 * Hot reads as drizzle prepared statements, built once per database handle: building a query costs
 * ~40 µs here, running a prepared one ~2 µs. Used only where a call sits on a hot path (every
 * authenticated request, every plugin validation).
 */
import type { DbOrTx } from "./index";

const cache = new WeakMap<object, Map<string, unknown>>();

export function preparedFor<T>(db: DbOrTx, name: string, build: () => T): T {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) statements.set(name, (statement = build()));
  return statement;
}
