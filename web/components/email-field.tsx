import { TextField } from "./ui/text-field";

/** An e-mail address field: the right keyboard on phones, autofill, and the site's example address. */
export function EmailField(props: Parameters<typeof TextField>[0]) {
  return (
    <TextField type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" required {...props} />
  );
}
