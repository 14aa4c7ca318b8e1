import { useQuery } from "@connectrpc/connect-query";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";

/**
 * useInviteToList tells whether to offer "Add Your Property": to signed-out visitors (they
 * can register as a landlord) and to every role that may list, but not to a signed-in
 * tenant, whom the add-property page would only refuse. It reads the cached current user
 * (the same query as the header's), so it adds no request, and the server's answer says
 * whether the role may list, so the first page load carries no rules.
 */
export function useInviteToList(): boolean {
  const { data } = useQuery(AccountService.method.getCurrentUser, {});
  const user = data?.user;
  return user === undefined || user.canListProperties;
}
