import { ResourcesPage } from "@/features/resources/components/resources-page";

/** ResourcesRoute is /resources. */
export function ResourcesRoute() {
  return <ResourcesPage />;
}
