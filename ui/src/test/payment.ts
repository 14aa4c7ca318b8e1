import type { GetPaymentStatusResponse, PaidCheck } from "@/gen/rentproof/payment/v1/payment_pb";

/** StatusInit is what a fake GetPaymentStatus answers. */
export type StatusInit = Partial<Omit<GetPaymentStatusResponse, "$typeName" | "latestCheck">> & {
  latestCheck?: Partial<Omit<PaidCheck, "$typeName">>;
};

/**
 * paidCheck is what GetPaymentStatus says of a property whose latest paid check has the status
 * given: the open check's fields too while it is open (pending or paid), as the server fills them.
 */
export function paidCheck(status: string, more: StatusInit["latestCheck"] = {}, verified = false): StatusInit {
  const latestCheck = { requestId: 11, status, paymentStatus: "pending", amountCents: 1999, ...more };
  const open = status === "pending" || status === "paid";
  return {
    ...(open ? { requestId: 11, status, paymentStatus: latestCheck.paymentStatus, paymentError: latestCheck.paymentError ?? "" } : {}),
    latestCheck,
    propertyVerified: verified,
  };
}
