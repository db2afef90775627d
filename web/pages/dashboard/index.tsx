import { Layout } from "../../components/layout";
import { PageLoading } from "../../components/page-loading";
import { usePageTitle } from "../../lib/use-page-title";
import { useRequireAuth } from "../../lib/use-require-auth";

export default function DashboardPage() {
  usePageTitle("Dashboard");
  const { user } = useRequireAuth();
  if (!user) return <PageLoading />;
  return (
    <Layout>
      <h1 className="text-3xl font-semibold tracking-tight">Dashboard</h1>
      <p className="mt-2 text-muted-foreground">{user.email}</p>
    </Layout>
  );
}
