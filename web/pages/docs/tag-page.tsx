import { Layout } from "../../components/layout";
import { usePageTitle } from "../../lib/use-page-title";

export interface DocsTagPageProps {
  /** The tag slug from /docs/:tag, e.g. "lock" or "icon". */
  tag: string;
}

export default function DocsTagPage({ tag }: DocsTagPageProps) {
  usePageTitle(`${tag} tag`);
  return (
    <Layout>
      <h1 className="text-3xl font-semibold tracking-tight">{tag}</h1>
    </Layout>
  );
}
