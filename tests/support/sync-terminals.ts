/**
 * A source scan for the synchronous driver's query terminals (`.all()`, `.get()`, `.run()`,
 * `.values()`), used by tests/db/no-sync-terminals.test.ts. It reads the code, not the types: strings,
 * comments and regular expressions are blanked, then each terminal's receiver chain is walked back.
 */
/** Calls that make (or go on making) a Drizzle query: a terminal after one of these is a query's. */
const BUILDER_METHODS = new Set([
  "select",
  "selectDistinct",
  "insert",
  "update",
  "delete",
  "from",
  "where",
  "set",
  "values",
  "returning",
  "orderBy",
  "groupBy",
  "having",
  "limit",
  "offset",
  "innerJoin",
  "leftJoin",
  "rightJoin",
  "fullJoin",
  "onConflictDoNothing",
  "onConflictDoUpdate",
  "$dynamic",
  "findFirst",
  "findMany",
  "union",
  "unionAll",
]);
const TERMINALS = ["all", "get", "run", "values"];

/**
 * The text with comments, strings, template literals and regular expressions blanked (same length,
 * same line breaks), so brackets and dots left are code.
 */
export function codeOnly(source: string): string {
  const out = source.split("");
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n") out[k] = " ";
  };
  // Brace depths at which a template literal's `${…}` returns to the template.
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  const lastCode = (at: number) => {
    let k = at - 1;
    while (k >= 0 && /\s/.test(out[k]!)) k--;
    return k;
  };
  const scanTemplate = (start: number) => {
    // From just after a ` or a }, to the closing ` or the next ${.
    let k = start;
    while (k < source.length) {
      if (source[k] === "\\") k += 2;
      else if (source[k] === "`") {
        blank(start, k);
        return k + 1;
      } else if (source[k] === "$" && source[k + 1] === "{") {
        blank(start, k);
        templates.push(depth);
        depth++;
        return k + 2;
      } else k++;
    }
    blank(start, k);
    return k;
  };
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      let k = i + 1;
      while (k < source.length && source[k] !== c && source[k] !== "\n") k += source[k] === "\\" ? 2 : 1;
      blank(i + 1, k);
      i = k + 1;
    } else if (c === "`") {
      i = scanTemplate(i + 1);
    } else if (c === "{") {
      depth++;
      i++;
    } else if (c === "}") {
      depth--;
      if (templates.length && templates.at(-1) === depth) {
        templates.pop();
        i = scanTemplate(i + 1);
      } else i++;
    } else if (c === "/") {
      // A regular expression where a value may start; otherwise a division.
      const before = lastCode(i);
      const word = source.slice(Math.max(0, before - 5), before + 1);
      if (before < 0 || "(,=:[!&|?{};+-*%<>~^".includes(source[before]!) || /\breturn$/.test(word)) {
        let k = i + 1;
        let inClass = false;
        while (k < source.length && source[k] !== "\n") {
          if (source[k] === "\\") k++;
          else if (source[k] === "[") inClass = true;
          else if (source[k] === "]") inClass = false;
          else if (source[k] === "/" && !inClass) break;
          k++;
        }
        blank(i + 1, k);
        i = k + 1;
      } else i++;
    } else i++;
  }
  return out.join("");
}

/** The methods called along the chain that ends just before `dot` (`a.b(…).c(…)` gives c, b). */
function chainCalls(code: string, dot: number): string[] {
  const calls: string[] = [];
  let k = dot - 1;
  const skipSpace = () => {
    while (k >= 0 && /\s/.test(code[k]!)) k--;
  };
  const skipBalanced = (close: string, open: string) => {
    let level = 0;
    for (; k >= 0; k--) {
      if (code[k] === close) level++;
      else if (code[k] === open && --level === 0) {
        k--;
        return;
      }
    }
  };
  for (;;) {
    skipSpace();
    if (code[k] === ")") {
      skipBalanced(")", "(");
      skipSpace();
      // Type arguments: db.values<Row>(…)
      if (code[k] === ">") skipBalanced(">", "<");
      skipSpace();
      const end = k + 1;
      while (k >= 0 && /[\w$]/.test(code[k]!)) k--;
      const name = code.slice(k + 1, end);
      if (!name) return calls;
      calls.push(name);
    } else if (code[k] === "]") {
      skipBalanced("]", "[");
    } else if (/[\w$]/.test(code[k] ?? "")) {
      while (k >= 0 && /[\w$]/.test(code[k]!)) k--;
    } else return calls;
    skipSpace();
    if (code[k] === "!") k--;
    if (code[k] !== ".") return calls;
    k--;
    if (code[k] === "?") k--;
  }
}

export interface Finding {
  line: number;
  text: string;
  why: "query builder" | "raw statement outside the listed files";
}

/** The synchronous terminals in one file's source. */
export function syncTerminals(source: string, rawAllowed: boolean): Finding[] {
  const code = codeOnly(source);
  const found: Finding[] = [];
  const pattern = new RegExp(`\\??\\.\\s*(${TERMINALS.join("|")})\\s*\\(\\s*\\)`, "g");
  for (const match of code.matchAll(pattern)) {
    const dot = match.index! + (match[0].startsWith("?") ? 1 : 0);
    const terminal = match[1]!;
    const calls = chainCalls(code, dot);
    const line = code.slice(0, match.index).split("\n").length;
    const text = source.split("\n")[line - 1]!.trim();
    if (calls.some((name) => BUILDER_METHODS.has(name))) found.push({ line, text, why: "query builder" });
    // Maps, Sets and arrays have a `.values()` of their own; only the other three name a raw statement.
    else if (terminal !== "values" && !rawAllowed)
      found.push({ line, text, why: "raw statement outside the listed files" });
  }
  return found;
}
