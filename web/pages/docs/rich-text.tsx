import type { ReactNode } from "react";

/**
 * Layer names and tags inside prose (`_lock`, `Play_button_lock`, `#Close_button`): written as code
 * so they read as names to type, not as words.
 */
const LAYER_NAME = /(#?[A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|#[A-Za-z][A-Za-z0-9]*|(?<![\w#])#(?![\w#]))/g;

export function RichText({ text }: { text: string }): ReactNode {
  const parts = text.split(LAYER_NAME);
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="rounded bg-secondary px-1 py-0.5 font-mono text-[0.9em] text-accent-foreground">
        {part}
      </code>
    ) : (
      part
    ),
  );
}
