import { Layout } from "../../components/layout";
import { usePageTitle } from "../../lib/use-page-title";

export default function DocsPage() {
  usePageTitle("Documentation");
  return (
    <Layout>
      <h1 className="text-3xl font-semibold tracking-tight">Documentation</h1>
    </Layout>
  );
}
