import { useQuery } from "@connectrpc/connect-query";
import { PaymentService } from "@/gen/rentproof/payment/v1/payment_pb";

/** usePendingVerifications lists the signed-in owner's listings that are not verified yet. */
export function usePendingVerifications() {
  return useQuery(PaymentService.method.listPendingVerifications, {});
}
