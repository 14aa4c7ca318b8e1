import { useQuery } from "@connectrpc/connect-query";
import { useEffect } from "react";
import { toast } from "@/components/ui/use-toast";
import { TokenService } from "@/gen/rentproof/token/v1/token_pb";

/** How many of the latest transactions the token panel lists (SPEC §9). */
export const RECENT_TRANSACTIONS = 5;

/** SPEC §8's messages when the balance or the transactions cannot be loaded. */
export const BALANCE_FAILURE = "Failed to load token balance. Please try again later.";
export const TRANSACTIONS_FAILURE = "Failed to load token transactions. Please try again later.";

/** useFailureToast says once, in a toast, that a query failed. */
function useFailureToast(error: unknown, description: string) {
  useEffect(() => {
    if (error) toast({ title: "Error", description, variant: "destructive" });
  }, [error, description]);
}

/** useTokenBalance asks for the signed-in user's balance; a failure is toasted (SPEC §8). */
export function useTokenBalance() {
  const query = useQuery(TokenService.method.getBalance, {});
  useFailureToast(query.error, BALANCE_FAILURE);
  return query;
}

/**
 * useRecentTransactions asks for the signed-in user's latest transactions, newest first, with
 * the total count (for "+ N more transactions"); a failure is toasted (SPEC §8).
 */
export function useRecentTransactions() {
  const query = useQuery(TokenService.method.listTransactions, { pageSize: RECENT_TRANSACTIONS });
  useFailureToast(query.error, TRANSACTIONS_FAILURE);
  return query;
}
