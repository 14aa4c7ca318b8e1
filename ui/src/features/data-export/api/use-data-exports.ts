import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { DataExportService } from "@/gen/rentproof/account/v1/data_export_pb";
import { errorMessage } from "@/lib/errors";

/** How often the list is asked again while an export is being prepared. */
export const BUILDING_POLL_MS = 3_000;

/** The toast that says an export was asked for. */
export const EXPORT_REQUESTED = "We are preparing a copy of your data";

/**
 * useDataExports reads the member's exports and when they may ask for the next one; while one is
 * being prepared it asks again every few seconds, so the download link appears without a reload.
 */
export function useDataExports() {
  return useQuery(
    DataExportService.method.listDataExports,
    {},
    { refetchInterval: (q) => (q.state.data?.exports.some((e) => e.status === "building") ? BUILDING_POLL_MS : false) },
  );
}

/**
 * useRequestDataExport asks for a new export; the list is read again after it, and a toast says
 * what happens next, or why the server refused (one a day).
 */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  const transport = useTransport();
  return useMutation(DataExportService.method.requestDataExport, {
    onSuccess: () => {
      toast({ title: EXPORT_REQUESTED, description: "We will tell you when it is ready to download." });
    },
    onError: (error) =>
      toast({ variant: "destructive", title: "Your request was not sent", description: errorMessage(error) }),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: createConnectQueryKey({ schema: DataExportService.method.listDataExports, transport, input: {}, cardinality: "finite" }),
      }),
  });
}
