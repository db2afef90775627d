/**
 * One writer at a time, in arrival order. SQLite lets one connection write at a time, and bun:sqlite
 * waits for a busy database by blocking the whole process; so this process never lets two of its own
 * writes meet: a transaction holds the gate from BEGIN to COMMIT, a lone write holds it for its statement.
 */
export class WriteGate {
  private tail: Promise<void> = Promise.resolve();

  async run<T>(body: () => T | Promise<T>): Promise<T> {
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await before;
    try {
      return await body();
    } finally {
      release();
    }
  }
}
