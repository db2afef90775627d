import { Download } from "lucide-react";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { PendingButton } from "../../../components/ui/pending-button";
import { failureToast } from "../../../lib/failure-toast";
import { useExportAccount } from "../../../lib/queries/account";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { useT } from "../../../lib/language";

/** Settings → Your data: download everything stored about the account, or delete it. */
export function YourDataCard() {
  const exportAccount = useExportAccount();
  const t = useT();
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle level={2} className="text-base">
          {t("dashboard.data.title")}
        </CardTitle>
        <CardDescription>{t("dashboard.data.description")}</CardDescription>
      </CardHeader>
      <CardFooter className="flex flex-wrap gap-3">
        <PendingButton
          variant="outline"
          pending={exportAccount.isPending}
          pendingText={t("dashboard.data.preparing")}
          icon={<Download aria-hidden />}
          onClick={() =>
            exportAccount.mutate(undefined, {
              onError: failureToast(t("dashboard.data.failed"), {
                fallback: t("dashboard.data.failedText"),
                statusPrefix: t("dashboard.data.failedStatus"),
              }),
            })
          }
        >
          {t("dashboard.data.download")}
        </PendingButton>
        <DeleteAccountDialog />
      </CardFooter>
    </Card>
  );
}
