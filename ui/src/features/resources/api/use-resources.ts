import { skipToken, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
import { ResourceService } from "@/gen/rentproof/resource/v1/resource_pb";

/** useResources lists resources of a category ("all" for every one) matching a search text. */
export function useResources(category: string, query: string) {
  return useQuery(
    ResourceService.method.listResources,
    { category: category === "all" ? "" : category, query: query.trim() },
    // Keep the previous list on screen while a new search runs, instead of a spinner per keystroke.
    { placeholderData: keepPreviousData },
  );
}

/** MAX_RESOURCE_ID is the largest id the API can carry (int32). */
const MAX_RESOURCE_ID = 2_147_483_647;

/** parseResourceId turns a route parameter into a resource id, or null when it is not one. */
export function parseResourceId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_RESOURCE_ID ? id : null;
}

/** useResource loads one resource; it asks nothing when id is null. */
export function useResource(id: number | null) {
  return useQuery(ResourceService.method.getResource, id === null ? skipToken : { id });
}
