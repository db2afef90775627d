/** A button that downloads one of the admin's CSV files, saying it is preparing it, and why it failed if it did. */
import { useState, type ReactNode } from "react";
import { PendingButton } from "../../components/ui/pending-button";
import { downloadFile } from "../../lib/api";
import { failureToast } from "../../lib/failure-toast";

export function CsvDownloadButton(props: {
  /** The file's address, with its query. */
  path: string;
  /** What the file holds, for the failure toast: "Could not download the sales". */
  what: string;
  icon: ReactNode;
  children: ReactNode;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(props.path);
    } catch (error) {
      failureToast("Download Failed", {
        fallback: `Could not download ${props.what}`,
        statusPrefix: "Download failed.",
      })(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <PendingButton
      variant="outline"
      size="sm"
      pending={busy}
      pendingText="Preparing…"
      icon={props.icon}
      onClick={download}
      disabled={props.disabled}
    >
      {props.children}
    </PendingButton>
  );
}
