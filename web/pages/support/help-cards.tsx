import type { ReactNode } from "react";
import { BookOpen, ExternalLink, MessagesSquare } from "lucide-react";
import { Link } from "wouter";
import { COMMUNITY_CHAT_URL, SUPPORT_RESPONSE_HOURS } from "@shared/product";
import { Button } from "../../components/ui/button";
import { useT } from "../../lib/language";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";

function HelpCard({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <span
          className="mb-2 flex size-11 items-center justify-center rounded-lg bg-accent text-brand [&_svg]:size-5"
          aria-hidden
        >
          {icon}
        </span>
        <CardTitle level={2} className="text-lg">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto">{action}</CardContent>
    </Card>
  );
}

/** The two ways to help yourself first: the community chat and the tag documentation. */
export function HelpCards() {
  const t = useT();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <HelpCard
        icon={<MessagesSquare />}
        title={t("support.community.title")}
        description={t("support.community.text", { hours: SUPPORT_RESPONSE_HOURS })}
        action={
          <Button variant="outline" className="w-full sm:w-auto" asChild>
            <a href={COMMUNITY_CHAT_URL} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              {t("support.community.join")}
              <span className="sr-only"> {t("support.newTab")}</span>
            </a>
          </Button>
        }
      />
      <HelpCard
        icon={<BookOpen />}
        title={t("support.docs.title")}
        description={t("support.docs.text")}
        action={
          <Button className="w-full sm:w-auto" asChild>
            <Link href="/docs">
              <BookOpen aria-hidden />
              {t("support.docs.browse")}
            </Link>
          </Button>
        }
      />
    </div>
  );
}
