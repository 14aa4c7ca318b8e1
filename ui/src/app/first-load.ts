import { fromJson, type DescMethodUnary, type JsonValue } from "@bufbuild/protobuf";
import type { Transport } from "@connectrpc/connect";
import { createConnectQueryKey } from "@connectrpc/connect-query";
import type { QueryClient } from "@tanstack/react-query";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";

/**
 * The rpcs whose answers a page may carry: the first call of the screens whose main picture
 * comes from the database (internal/server/firstload.go).
 */
const FIRST_RPCS: DescMethodUnary[] = [PropertyService.method.getProperty, PropertyService.method.searchProperties];

interface FirstLoadEntry {
  procedure: string;
  input: JsonValue;
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
    const method = FIRST_RPCS.find((m) => `/${m.parent.typeName}/${m.name}` === entry.procedure);
    if (!method) continue;
    try {
      const options = { ignoreUnknownFields: true };
      const input = fromJson(method.input, entry.input, options);
      const key = createConnectQueryKey({ schema: method, input, transport, cardinality: "finite" });
      queryClient.setQueryData(key, fromJson(method.output, entry.output, options));
    } catch {
      // Not an answer this app can read: the screen asks for itself.
    }
  }
}
