import { Layout } from "../../components/layout";
import { usePageTitle } from "../../lib/use-page-title";

export default function SupportPage() {
  usePageTitle("Support");
  return (
    <Layout>
      <h1 className="text-3xl font-semibold tracking-tight">Support</h1>
    </Layout>
  );
}
