/**
 * The sign-in pages' one shape (log in, sign up, choose a new password): a narrow card with the page's heading,
 * a line under it, the form's fields, and at the bottom the full-width submit button and a way elsewhere.
 */
import type { FormEvent, ReactNode } from "react";
import { Link } from "wouter";
import { Layout } from "../../components/layout";
import { PendingButton } from "../../components/ui/pending-button";
import { cn } from "../../lib/utils";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";

export function AuthFormCard(props: {
  title: string;
  description: ReactNode;
  onSubmit: () => void;
  /** The fields. */
  children: ReactNode;
  submitLabel: string;
  pendingText: string;
  pending: boolean;
  icon: ReactNode;
  disabled?: boolean;
  /** Under the button: the link to the other page. */
  footer: ReactNode;
  /** After the card, inside the page: a dialog it opens. */
  after?: ReactNode;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    props.onSubmit();
  }
  return (
    <Layout className="flex items-start justify-center sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">{props.title}</h1>
          <CardDescription>{props.description}</CardDescription>
        </CardHeader>
        <form noValidate onSubmit={submit}>
          <CardContent className="grid gap-5">{props.children}</CardContent>
          <CardFooter className="flex-col gap-4">
            <PendingButton
              type="submit"
              className="w-full"
              disabled={props.disabled}
              pending={props.pending}
              pendingText={props.pendingText}
              icon={props.icon}
            >
              {props.submitLabel}
            </PendingButton>
            {props.footer}
          </CardFooter>
        </form>
      </Card>
      {props.after}
    </Layout>
  );
}

/** A link between the sign-in pages, in the brand colour. */
export function AuthLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className={cn(
        "rounded-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      {children}
    </Link>
  );
}

/** "Passwords don't match" as soon as both are typed and differ. */
export const passwordsDiffer = (password: string, confirm: string) =>
  password !== "" && confirm !== "" && password !== confirm;
