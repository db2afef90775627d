/** The link above a guide or a tag's page back to the documentation's index. */
import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";

export function BackToDocs() {
  return (
    <Button variant="ghost" size="sm" className="-ml-3 text-muted-foreground" asChild>
      <Link href="/docs">
        <ArrowLeft aria-hidden />
        Back to Documentation
      </Link>
    </Button>
  );
}
