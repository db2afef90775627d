/**
 * A value that must never be written anywhere: a storage key, a passphrase. It shows as "[hidden]"
 * when logged, turned into JSON or a string, or inspected; only `reveal()` gives the value, at the one
 * place that uses it.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toJSON() {
    return "[hidden]";
  }

  toString() {
    return "[hidden]";
  }

  [Symbol.for("nodejs.util.inspect.custom")]() {
    return "[hidden]";
  }
}
