import { skipToken, useQuery } from "@connectrpc/connect-query";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";

/** MAX_PROPERTY_ID is the largest id the API can carry (int32). */
const MAX_PROPERTY_ID = 2_147_483_647;

/** parsePropertyId turns a route parameter into a property id, or null when it is not one. */
export function parsePropertyId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_PROPERTY_ID ? id : null;
}

/** useProperty loads one property with its rating summary; it asks nothing when id is null. */
export function useProperty(id: number | null) {
  return useQuery(PropertyService.method.getProperty, id === null ? skipToken : { id });
}

/** The number of similar properties shown under a property. */
export const SIMILAR_LIMIT = 3;

/** useSimilarProperties lists properties like the given one (same city, same type first). */
export function useSimilarProperties(id: number | null) {
  return useQuery(
    PropertyService.method.listSimilarProperties,
    id === null ? skipToken : { propertyId: id, limit: SIMILAR_LIMIT },
  );
}
