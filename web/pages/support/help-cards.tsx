import { BookOpen, ExternalLink, MessagesSquare } from "lucide-react";
import { Link } from "wouter";
import { COMMUNITY_CHAT_URL, SUPPORT_RESPONSE_HOURS } from "../../../src/shared/product";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";

/** The two ways to help yourself first: the community chat and the tag documentation. */
export function HelpCards() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card className="flex flex-col">
        <CardHeader>
          <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-accent text-brand">
            <MessagesSquare className="size-5" aria-hidden />
          </span>
          <CardTitle level={2} className="text-lg">Community Chat</CardTitle>
          <CardDescription>
            Ask other developers, share your screens and get quick answers from the team. We reply to every question within{" "}
            {SUPPORT_RESPONSE_HOURS} hours.
          </CardDescription>
        </CardHeader>
        <CardContent className="mt-auto">
          <Button variant="outline" className="w-full sm:w-auto" asChild>
            <a href={COMMUNITY_CHAT_URL} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              Join the Community
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </CardContent>
      </Card>
      <Card className="flex flex-col">
        <CardHeader>
          <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-accent text-brand">
            <BookOpen className="size-5" aria-hidden />
          </span>
          <CardTitle level={2} className="text-lg">Documentation</CardTitle>
          <CardDescription>
            Every layer tag explained with steps, a worked layer tree and the mistakes to avoid, plus a checker for your layer names.
          </CardDescription>
        </CardHeader>
        <CardContent className="mt-auto">
          <Button className="w-full sm:w-auto" asChild>
            <Link href="/docs">
              <BookOpen aria-hidden />
              Browse Documentation
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
