import { Layout } from "../../components/layout";
import { usePageTitle } from "../../lib/use-page-title";

export default function ResetPasswordPage() {
  usePageTitle("Reset Password");
  return (
    <Layout>
      <h1 className="text-3xl font-semibold tracking-tight">Reset password</h1>
    </Layout>
  );
}
