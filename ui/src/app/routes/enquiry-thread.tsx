import { ThreadPage } from "@/features/enquiries/components/thread-page";

/** OwnerThreadRoute is /dashboard/enquiries/{threadId}: a thread about one of the owner's listings. */
export function OwnerThreadRoute() {
  return <ThreadPage side="owner" />;
}

/** EnquirerThreadRoute is /dashboard/my-enquiries/{threadId}: a thread the member started. */
export function EnquirerThreadRoute() {
  return <ThreadPage side="enquirer" />;
}
