import { createConnectQueryKey } from "@connectrpc/connect-query";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { DataExportService } from "@/gen/rentproof/account/v1/data_export_pb";
import { acceptFirstLoad, seedFirstLoad } from "./first-load";
import { createTransport } from "./providers";

/** pageWith is a document carrying entries as a page's first-load script. */
function pageWith(entries: unknown[]): Document {
  const doc = document.implementation.createHTMLDocument();
  const script = doc.createElement("script");
  Object.assign(script, { type: "application/json", id: "first-load", textContent: JSON.stringify(entries) });
  doc.body.append(script);
  return doc;
}

describe("seedFirstLoad", () => {
  it("puts an answer in the cache only for an rpc the app or a loaded screen accepts", () => {
    const transport = createTransport();
    // An rpc no page carries (a screen's own would be accepted once its module ran, and test
    // files share their modules).
    const method = DataExportService.method.requestDataExport;
    const key = createConnectQueryKey({ schema: method, input: {}, transport, cardinality: "finite" });
    const entries = [
      { procedure: "/rentproof.account.v1.DataExportService/RequestDataExport", input: {}, output: { export: { status: "ready" } } },
    ];

    const before = new QueryClient();
    seedFirstLoad(before, transport, pageWith(entries));
    expect(before.getQueryData(key)).toBeUndefined();

    // A screen's module accepts it, as the dashboard's accepts its lists.
    acceptFirstLoad(method);
    const after = new QueryClient();
    const page = pageWith(entries);
    seedFirstLoad(after, transport, page);
    expect(after.getQueryData(key)).toMatchObject({ export: { status: "ready" } });
    // Read once: the script is gone, so a later visit asks the server.
    expect(page.getElementById("first-load")).toBeNull();
  });
});
