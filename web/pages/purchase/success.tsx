import { Layout } from "../../components/layout";
import { usePageTitle } from "../../lib/use-page-title";

export default function PurchaseSuccessPage() {
  usePageTitle("Payment");
  return (
    <Layout>
      <h1 className="text-3xl font-semibold tracking-tight">Payment</h1>
    </Layout>
  );
}
