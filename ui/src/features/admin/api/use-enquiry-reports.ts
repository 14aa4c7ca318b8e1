import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast";
import { EnquiryReportService } from "@/gen/rentproof/admin/v1/enquiry_reports_pb";

/** useReportedThreads lists the enquiry threads with open reports, the oldest report first. */
export function useReportedThreads() {
  return useQuery(EnquiryReportService.method.listReportedThreads, {});
}

/** useHandleThreadReports marks a thread's reports handled with a note, then refreshes the list; the form shows a refusal. */
export function useHandleThreadReports() {
  const queryClient = useQueryClient();
  return useMutation(EnquiryReportService.method.handleThreadReports, {
    onSuccess: async () => {
      toast({ title: "Success", description: "The reports were marked handled; the reporters are told." });
      await queryClient.invalidateQueries({
        queryKey: createConnectQueryKey({ schema: EnquiryReportService.method.listReportedThreads, cardinality: undefined }),
      });
    },
  });
}
