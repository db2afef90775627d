/**
 * A dashboard tab that lists what the account has (its purchases, its support messages): the notice to confirm the
 * address above a card whose content is the list, or, while it loads, a placeholder, or, when it failed, why, with
 * Try again.
 */
import type { ReactNode } from "react";
import { LoadFailed } from "../../components/load-failed";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadingPlaceholder } from "../../components/ui/loading-placeholder";
import { AddressConfirmationNotice } from "./address-confirmation-notice";

export function AccountListCard<T>({
  title,
  description,
  query,
  failedText,
  loadingLabel,
  placeholder,
  children,
}: {
  title: string;
  description: ReactNode;
  query: { data: T | undefined; isError: boolean; error: Error | null; refetch: () => unknown };
  /** "Could not load your …", before the error's message. */
  failedText: string;
  loadingLabel: string;
  /** The grey shapes while it loads. */
  placeholder: ReactNode;
  /** The loaded list, or what is said when it is empty. */
  children: (data: T) => ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <AddressConfirmationNotice />
      <Card>
        <CardHeader>
          <CardTitle level={2} className="text-base">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          {query.isError ? (
            <LoadFailed text={failedText} error={query.error} onRetry={() => query.refetch()} />
          ) : query.data === undefined ? (
            <LoadingPlaceholder className="grid gap-3" label={loadingLabel}>
              {placeholder}
            </LoadingPlaceholder>
          ) : (
            children(query.data)
          )}
        </CardContent>
      </Card>
    </div>
  );
}
