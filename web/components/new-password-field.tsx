import { MIN_PASSWORD_LENGTH } from "@shared/product";
import { TextField } from "./ui/text-field";

/** A field for choosing a password: the browser may offer to generate one, and knows the minimum length. */
export function NewPasswordField(props: Parameters<typeof TextField>[0]) {
  return <TextField type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} {...props} />;
}
