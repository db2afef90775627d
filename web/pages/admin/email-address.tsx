import { Fragment } from "react";

/**
 * An e-mail address that wraps where a reader would break it: after the @ and before each dot of the domain,
 * never inside a word (only a single part longer than the whole column is broken, as a last resort).
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return <span className="break-words">{email}</span>;
  const labels = email.slice(at + 1).split(".");
  return (
    <span className="break-words">
      {email.slice(0, at)}@<wbr />
      {labels.map((label, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {label}
        </Fragment>
      ))}
    </span>
  );
}
