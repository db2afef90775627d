import { Link } from "wouter";

const SUPPORT = /contact support/i;

/** Words that lead to the support page, drawn as a link inside a sentence. */
export const supportLink = (words: string) => (
  <Link href="/support" className="font-medium text-brand underline underline-offset-4">
    {words}
  </Link>
);

/** A sentence of the server's that asks to contact support, with those words linking the support page. */
export function SupportLinkedText({ text }: { text: string }) {
  const match = SUPPORT.exec(text);
  if (!match) return <>{text}</>;
  return (
    <>
      {text.slice(0, match.index)}
      {supportLink(match[0])}
      {text.slice(match.index + match[0].length)}
    </>
  );
}
