/** The link above a guide or a tag's page back to the documentation's index. */
import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { useT } from "../../lib/language";

/** In the page's language on the setup guide; in English on the tag pages, which are English only. */
export function BackToDocs() {
  const t = useT();
  return (
    <Button variant="ghost" size="sm" className="-ml-3 text-muted-foreground" asChild>
      <Link href="/docs">
        <ArrowLeft aria-hidden />
        {t("guide.back")}
      </Link>
    </Button>
  );
}
