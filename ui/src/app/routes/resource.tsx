import { ResourceArticlePage } from "@/features/resources/components/resource-article";

/** ResourceRoute is /resources/{id}. */
export function ResourceRoute() {
  return <ResourceArticlePage />;
}
