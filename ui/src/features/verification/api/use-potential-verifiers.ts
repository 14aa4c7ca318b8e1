import { keepPreviousData } from "@tanstack/react-query";
import { useQuery } from "@connectrpc/connect-query";
import { VerificationService } from "@/gen/rentproof/verification/v1/verification_pb";

/** How many accounts a search shows. */
export const VERIFIERS_PAGE_SIZE = 20;

/**
 * usePotentialVerifiers lists the accounts of a role whose username contains the query
 * (ignoring case), the first page in username order; asked only while the dialog or screen
 * that shows them is open. The previous answer stays while the next one loads.
 */
export function usePotentialVerifiers(role: string, query: string) {
  return useQuery(
    VerificationService.method.listPotentialVerifiers,
    { role, query: query.trim(), pageSize: VERIFIERS_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
}
