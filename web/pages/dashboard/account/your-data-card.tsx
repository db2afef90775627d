import { Download } from "lucide-react";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { PendingButton } from "../../../components/ui/pending-button";
import { failureToast } from "../../../lib/failure-toast";
import { useExportAccount } from "../../../lib/queries/account";
import { DeleteAccountDialog } from "./delete-account-dialog";

/** Settings → Your data: download everything stored about the account, or delete it. */
export function YourDataCard() {
  const exportAccount = useExportAccount();
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle level={2} className="text-base">
          Your data
        </CardTitle>
        <CardDescription>
          Download everything we store about your account as a JSON file: profile, settings, subscription, purchases,
          support messages, review and the account's history. Or delete the account.
        </CardDescription>
      </CardHeader>
      <CardFooter className="flex flex-wrap gap-3">
        <PendingButton
          variant="outline"
          pending={exportAccount.isPending}
          pendingText="Preparing..."
          icon={<Download aria-hidden />}
          onClick={() =>
            exportAccount.mutate(undefined, {
              onError: failureToast("Download Failed", {
                fallback: "Could not download your data",
                statusPrefix: "Download failed.",
              }),
            })
          }
        >
          Download my data
        </PendingButton>
        <DeleteAccountDialog />
      </CardFooter>
    </Card>
  );
}
