import { fromJson, type DescMethodUnary, type JsonValue } from "@bufbuild/protobuf";
import type { Transport } from "@connectrpc/connect";
import { createConnectQueryKey } from "@connectrpc/connect-query";
import type { QueryClient } from "@tanstack/react-query";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { ResourceService } from "@/gen/rentproof/resource/v1/resource_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";

/** procedureOf is a method's path, as the page names it ("/rentproof.account.v1.AccountService/GetCurrentUser"). */
const procedureOf = (method: DescMethodUnary) => `/${method.parent.typeName}/${method.name}`;

/** The rpcs whose answers a page may carry, by their paths (acceptFirstLoad). */
const firstRpcs = new Map<string, DescMethodUnary>();

/**
 * acceptFirstLoad adds rpcs whose answers a screen's page may carry. A screen's module calls it:
 * the app loads the screen's code before its first render reads the answers (src/start.tsx), and
 * the rpcs' descriptors stay with the code of the screen that needs them.
 */
export function acceptFirstLoad(...methods: DescMethodUnary[]) {
  for (const method of methods) firstRpcs.set(procedureOf(method), method);
}

// Every screen's: the first calls of the screens whose main picture comes from the database, and
// the session of a member's page (internal/web/firstload.go).
acceptFirstLoad(
  AccountService.method.getCurrentUser,
  PropertyService.method.getProperty,
  PropertyService.method.searchProperties,
  PropertyService.method.listSimilarProperties,
  ReviewService.method.getRatingSummary,
  ReviewService.method.listPropertyReviews,
  ResourceService.method.getResource,
);

interface FirstLoadEntry {
  procedure: string;
  input: JsonValue;
  /** The page field of a list the app pages through (an infinite query); absent otherwise. */
  pageParamKey?: string;
  output: JsonValue;
}

/**
 * seedFirstLoad puts the answers the page came with (a JSON script, #first-load) in the query
 * cache under the keys the screen's own queries use, so the screen renders at once instead of
 * asking again. An answer it cannot read is skipped: the screen then asks as usual.
 */
export function seedFirstLoad(queryClient: QueryClient, transport: Transport, doc: Document = document) {
  const script = doc.getElementById("first-load");
  if (!script) return;
  script.remove(); // read once: a later visit to the screen asks the server
  let entries: FirstLoadEntry[];
  try {
    entries = JSON.parse(script.textContent ?? "") as FirstLoadEntry[];
  } catch {
    return;
  }
  if (!Array.isArray(entries)) return;
  for (const entry of entries) {
    const method = firstRpcs.get(entry.procedure);
    if (!method) continue;
    try {
      const options = { ignoreUnknownFields: true };
      const input = fromJson(method.input, entry.input, options);
      const output = fromJson(method.output, entry.output, options);
      const { pageParamKey } = entry;
      if (pageParamKey) {
        // The first page of a paged list, under the key the infinite query uses.
        const key = createConnectQueryKey({ schema: method, input, transport, cardinality: "infinite", pageParamKey });
        const pageParam = (input as unknown as Record<string, unknown>)[pageParamKey];
        queryClient.setQueryData(key, { pages: [output], pageParams: [pageParam] });
      } else {
        const key = createConnectQueryKey({ schema: method, input, transport, cardinality: "finite" });
        queryClient.setQueryData(key, output);
      }
    } catch {
      // Not an answer this app can read: the screen asks for itself.
    }
  }
}
