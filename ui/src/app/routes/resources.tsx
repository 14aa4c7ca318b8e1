import { ResourceArticlePage } from "@/features/resources/components/resource-article";
import { ResourcesPage } from "@/features/resources/components/resources-page";

/** ResourcesRoute is /resources. */
export function ResourcesRoute() {
  return <ResourcesPage />;
}

/** ResourceRoute is /resources/{id}. */
export function ResourceRoute() {
  return <ResourceArticlePage />;
}
