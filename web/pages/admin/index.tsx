import { Link } from "wouter";
import { Layout } from "../../components/layout";
import { PageLoading } from "../../components/page-loading";
import { Button } from "../../components/ui/button";
import { usePageTitle } from "../../lib/use-page-title";
import { useRequireAuth } from "../../lib/use-require-auth";

export default function AdminPage() {
  usePageTitle("Admin Panel");
  const { user } = useRequireAuth();
  if (!user) return <PageLoading />;
  if (!user.isAdmin) {
    return (
      <Layout className="flex flex-col items-center justify-center text-center">
        <h1 className="text-3xl font-semibold tracking-tight">404 Page not found</h1>
        <Button className="mt-6" asChild>
          <Link href="/dashboard">Go to Dashboard</Link>
        </Button>
      </Layout>
    );
  }
  return (
    <Layout>
      <h1 className="text-3xl font-semibold tracking-tight">Admin Panel</h1>
    </Layout>
  );
}
