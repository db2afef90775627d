import { Layout } from "../../components/layout";
import { usePageTitle } from "../../lib/use-page-title";

export default function PurchasePage() {
  usePageTitle("Purchase");
  return (
    <Layout>
      <h1 className="text-3xl font-semibold tracking-tight">Choose Your Plan</h1>
    </Layout>
  );
}
