/**
 * Which statements of a PostgreSQL migration break the code of the release before it, which keeps running on the
 * same database during a rolling upgrade (docs/several-instances.md#upgrading-without-downtime). It reads SQL as
 * drizzle-kit writes it (a statement per `--> statement-breakpoint`, names in double quotes) and hand-written
 * custom migrations (several statements, functions with dollar-quoted bodies). It is a reviewer that knows the
 * rules, not a SQL parser: a statement it refuses may still be made on purpose, listed with its reason where the
 * check runs (tests/db/migrations-additive.test.ts).
 */

export interface RefusedStatement {
  /** The statement as written, without comments, on one line. */
  statement: string;
  /** Why the older code still running breaks, and what to do instead. */
  reason: string;
}

interface Statement {
  text: string;
  /** Upper case, names unquoted, string literals and function bodies emptied: what the rules look at. */
  shape: string;
}

/** The statements of a migration: split on semicolons outside quotes and dollar-quoted bodies; comments dropped. */
export function migrationStatements(sql: string): Statement[] {
  const statements: Statement[] = [];
  let text = "";
  let shape = "";
  let i = 0;
  const finish = () => {
    const statement = { text: text.replace(/\s+/g, " ").trim(), shape: shape.replace(/\s+/g, " ").trim() };
    if (statement.text) statements.push(statement);
    text = shape = "";
  };
  while (i < sql.length) {
    const rest = sql.slice(i);
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest)?.[0];
    if (rest.startsWith("--")) {
      const end = sql.indexOf("\n", i);
      i = end === -1 ? sql.length : end;
      text += " ";
      shape += " ";
    } else if (rest.startsWith("/*")) {
      const end = sql.indexOf("*/", i + 2);
      i = end === -1 ? sql.length : end + 2;
      text += " ";
      shape += " ";
    } else if (dollar) {
      const end = sql.indexOf(dollar, i + dollar.length);
      const close = end === -1 ? sql.length : end + dollar.length;
      text += sql.slice(i, close);
      shape += "$$";
      i = close;
    } else if (rest[0] === "'" || rest[0] === '"') {
      const quote = rest[0];
      let end = i + 1;
      while (end < sql.length && !(sql[end] === quote && sql[end + 1] !== quote)) end += sql[end] === quote ? 2 : 1;
      text += sql.slice(i, end + 1);
      shape += quote === "'" ? "''" : sql.slice(i + 1, end).toUpperCase();
      i = end + 1;
    } else if (rest[0] === ";") {
      finish();
      i++;
    } else {
      text += rest[0];
      shape += rest[0]!.toUpperCase();
      i++;
    }
  }
  finish();
  return statements;
}

/** A name as the rules see it: without its schema (`PUBLIC.USERS` is `USERS`). */
const bare = (name: string) => name.split(".").pop()!;

const withArticle = (kind: string) => `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}`;

/** Splits `a, b (c, d), e` at the commas outside parentheses: an ALTER TABLE's actions. */
function topLevelParts(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === "(") depth++;
    else if (list[i] === ")") depth--;
    else if (list[i] === "," && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts;
}

const REASONS = {
  drop: (what: string) =>
    `drops ${what} the running code may still use; drop it a release after the code stopped using it`,
  truncate: "empties a table the running code uses",
  rename: "renames what the running code asks for by its old name; add the new one, copy, and drop the old later",
  move: "moves a table out of the schema the running code looks in",
  replace: (what: string) =>
    `replaces a ${what} the running code's statements or triggers depend on; add one under a new name instead`,
  type: "changes a column's type under code that reads and writes the old one; add a column of the new type instead",
  notNull:
    "makes a column NOT NULL while the running code may leave it empty; do it a release after every writer fills it",
  defaultGone: "takes away a column's default, which the running code's inserts may rely on",
  newNotNull:
    "adds a NOT NULL column without a default: the running code's inserts leave it out and fail; give it a default",
  constraint: "adds a constraint to a table the running code writes, whose writes may break it; add it a release later",
  uniqueIndex:
    "adds a unique index to a table the running code writes, whose writes may break it; add it a release later",
  foreignKey:
    "adds a foreign key without ON DELETE CASCADE or SET NULL: once newer rows refer to a row, the running code's delete of it fails (deliberate only if no code deletes from that table)",
};

/** What this migration makes itself: tables, and columns added to older tables ("TABLE.COLUMN"). */
interface Made {
  tables: Set<string>;
  columns: Set<string>;
}

/** The names in the first parenthesised list of `text` (an index's or a constraint's columns); null for expressions. */
function listedColumns(text: string): string[] | null {
  const open = text.indexOf("(");
  if (open === -1) return null;
  let depth = 0;
  let close = open;
  for (; close < text.length; close++) {
    if (text[close] === "(") depth++;
    else if (text[close] === ")" && --depth === 0) break;
  }
  const names = topLevelParts(text.slice(open + 1, close)).map((part) => part.replace(/ (ASC|DESC|NULLS .*)$/, ""));
  return names.every((name) => /^[A-Z_][A-Z0-9_]*$/.test(name)) ? names : null;
}

/** Whether only this migration's own rows and columns are under `columns` of `table`: nothing older code writes. */
const onlyMade = (made: Made, table: string, columns: string[] | null) =>
  made.tables.has(table) || columns?.every((column) => made.columns.has(`${table}.${column}`));

const CONSTRAINT = /^ADD (?:CONSTRAINT \S+ )?(UNIQUE|PRIMARY KEY|CHECK|EXCLUDE|FOREIGN KEY)\b(.*)$/;
const ADDED_COLUMN = /^ADD (?:COLUMN )?(?:IF NOT EXISTS )?(\S+)/;

/** Why each action of `ALTER TABLE name …` breaks the running code, if it does. */
function alterTableReasons(table: string, actions: string, made: Made): string[] {
  const reasons: string[] = [];
  for (const action of topLevelParts(actions)) {
    const column = /^ALTER (?:COLUMN )?\S+ (.*)$/.exec(action)?.[1];
    const constraint = CONSTRAINT.exec(action);
    if (/^DROP\b/.test(action))
      reasons.push(REASONS.drop(/^DROP CONSTRAINT\b/.test(action) ? "a constraint" : "a column"));
    else if (/^RENAME\b/.test(action)) reasons.push(REASONS.rename);
    else if (/^SET SCHEMA\b/.test(action)) reasons.push(REASONS.move);
    else if (column && /^(SET DATA )?TYPE\b/.test(column)) reasons.push(REASONS.type);
    else if (column && /^SET NOT NULL\b/.test(column)) reasons.push(REASONS.notNull);
    else if (column && /^DROP (DEFAULT|IDENTITY)\b/.test(column)) reasons.push(REASONS.defaultGone);
    else if (constraint) {
      const columns = /CHECK|EXCLUDE/.test(constraint[1]!) ? null : listedColumns(constraint[2]!);
      if (!onlyMade(made, table, columns)) reasons.push(REASONS.constraint);
    } else if (ADDED_COLUMN.test(action)) {
      if (/\bNOT NULL\b/.test(action) && !/\b(DEFAULT|GENERATED)\b/.test(action) && !made.tables.has(table))
        reasons.push(REASONS.newNotNull);
    }
  }
  return reasons;
}

/** Why one statement breaks the code still running, if it does. */
function statementReasons({ shape }: Statement, made: Made): string[] {
  const reasons: string[] = [];
  const dropped =
    /^DROP (TABLE|VIEW|MATERIALIZED VIEW|INDEX|FUNCTION|PROCEDURE|TRIGGER|TYPE|SEQUENCE|SCHEMA|EXTENSION|RULE|POLICY)\b/.exec(
      shape,
    );
  const replaced = /^CREATE OR REPLACE (FUNCTION|PROCEDURE|VIEW|TRIGGER|RULE)\b/.exec(shape);
  const unique = /^CREATE UNIQUE INDEX .*? ON (?:ONLY )?([^\s(]+)(.*)$/.exec(shape);
  const altered = /^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?([^\s(]+) (.*)$/.exec(shape);
  if (dropped) reasons.push(REASONS.drop(withArticle(dropped[1]!.toLowerCase())));
  else if (/^TRUNCATE\b/.test(shape)) reasons.push(REASONS.truncate);
  else if (replaced) reasons.push(REASONS.replace(replaced[1]!.toLowerCase()));
  else if (unique) {
    if (!onlyMade(made, bare(unique[1]!), listedColumns(unique[2]!))) reasons.push(REASONS.uniqueIndex);
  } else if (altered) reasons.push(...alterTableReasons(bare(altered[1]!), altered[2]!, made));
  else if (/^ALTER (INDEX|SEQUENCE|VIEW|MATERIALIZED VIEW|TYPE|FUNCTION|SCHEMA)\b.*\bRENAME\b/.test(shape))
    reasons.push(REASONS.rename);
  // Every REFERENCES needs its own ON DELETE that lets the referenced row go.
  const references = shape.match(/\bREFERENCES\b/g)?.length ?? 0;
  const letGo = shape.match(/\bON DELETE (CASCADE|SET NULL|SET DEFAULT)\b/g)?.length ?? 0;
  if (references > letGo) reasons.push(REASONS.foreignKey);
  return reasons;
}

/** The tables this migration creates and the columns it adds to others. */
function madeBy(statements: Statement[]): Made {
  const made: Made = { tables: new Set(), columns: new Set() };
  for (const { shape } of statements) {
    const table = /^CREATE (?:UNLOGGED |TEMP |TEMPORARY )?TABLE (?:IF NOT EXISTS )?([^\s(]+)/.exec(shape)?.[1];
    if (table) made.tables.add(bare(table));
    const altered = /^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?([^\s(]+) (.*)$/.exec(shape);
    for (const action of altered ? topLevelParts(altered[2]!) : []) {
      const column = CONSTRAINT.test(action) ? undefined : ADDED_COLUMN.exec(action)?.[1];
      if (column) made.columns.add(`${bare(altered![1]!)}.${column}`);
    }
  }
  return made;
}

/** The statements of `sql` (one migration) that break the code of the release before it, each with why. */
export function refusedStatements(sql: string): RefusedStatement[] {
  const statements = migrationStatements(sql);
  const made = madeBy(statements);
  return statements.flatMap((statement) =>
    statementReasons(statement, made).map((reason) => ({ statement: statement.text, reason })),
  );
}
