/**
 * Which transaction, if any, the running code is inside. Both engines use it for one rule: inside a
 * transaction callback every query goes through the `tx` it was given. A query on the root database
 * there would run outside the transaction (PostgreSQL: on another connection, possibly waiting for a
 * row lock the transaction itself holds), so it throws at once instead of deadlocking or committing
 * half of a change.
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface Scope {
  open: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

export class RootQueryInTransactionError extends Error {
  constructor() {
    super(
      "A query on the root database inside a transaction: use the transaction's `tx` for every query in its callback.",
    );
  }
}

/** Runs `body` as a transaction's callback: queries on the root database inside it throw. */
export async function inTransactionScope<T>(body: () => Promise<T>): Promise<T> {
  const scope: Scope = { open: true };
  try {
    return await scopes.run(scope, body);
  } finally {
    // Work the callback started and left running may outlive it; it is then free to use the root again.
    scope.open = false;
  }
}

export function insideTransaction(): boolean {
  return scopes.getStore()?.open === true;
}

export function refuseRootQueryInTransaction(): void {
  if (insideTransaction()) throw new RootQueryInTransactionError();
}
