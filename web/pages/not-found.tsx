import { Home } from "lucide-react";
import { Link } from "wouter";
import { Layout } from "../components/layout";
import { Button } from "../components/ui/button";
import { usePageTitle } from "../lib/use-page-title";

export default function NotFoundPage() {
  usePageTitle("Page Not Found");
  return (
    <Layout className="flex items-center justify-center">
      <div className="max-w-md text-center">
        <p className="text-7xl font-bold tracking-tight text-brand" aria-hidden>
          404
        </p>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">404 - Page Not Found</h1>
        <p className="mt-3 text-muted-foreground">The page you're looking for doesn't exist or has been moved.</p>
        <Button className="mt-8" asChild>
          <Link href="/">
            <Home aria-hidden />
            Back to Home
          </Link>
        </Button>
      </div>
    </Layout>
  );
}
