import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { PropertyService, type Property } from "@/gen/rentproof/property/v1/property_pb";
import {
  TenancyService,
  type CannotConfirmTenancyRequest,
  type ClaimTenancyRequest,
  type Tenancy,
} from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { TokenService } from "@/gen/rentproof/token/v1/token_pb";
import { makeTenancy } from "@/test/tenancies";

export { makeTenancy };

/** TenancyFakeOptions are the viewer's claims, the claims on their properties and the properties to find. */
export interface TenancyFakeOptions {
  mine?: Tenancy[];
  claims?: Tenancy[];
  properties?: Property[];
  /** The hold reason a confirmation gets (it then waits for an administrator); none verifies it. */
  hold?: string;
  /** Makes an rpc fail with this error while it is set. */
  fail?: Partial<Record<"listMyTenancies" | "listTenancyClaims" | "claimTenancy" | "confirmTenancy" | "cannotConfirmTenancy" | "withdrawTenancy", Error>>;
}

/**
 * serveTenancyFakes serves TenancyService from memory the way the server answers it (a claim
 * waits for the landlord at a verified property and for documents elsewhere; a confirmation
 * verifies or is held; "I can't confirm this" moves it to documents), and PropertyService's search
 * (by title, address or city) and GetProperty one rpc at a time, beside other fakes. It records
 * the requests.
 */
export function serveTenancyFakes({ mine = [], claims = [], properties = [], hold = "", fail = {} }: TenancyFakeOptions = {}) {
  const state = { mine: [...mine], claims: [...claims] };
  const requests = {
    claimed: [] as ClaimTenancyRequest[],
    confirmed: [] as number[],
    cannotConfirm: [] as CannotConfirmTenancyRequest[],
    withdrawn: [] as number[],
    searched: [] as string[],
  };
  let nextId = 100;
  const change = (list: "mine" | "claims", id: number, patch: Partial<Tenancy>) => {
    const found = state[list].find((t) => t.id === id);
    if (!found) throw new ConnectError("This tenancy claim does not exist.", Code.NotFound);
    Object.assign(found, patch);
    return found;
  };
  const serve = (router: ConnectRouter) => {
    router.service(TenancyService, {
      listMyTenancies() {
        if (fail.listMyTenancies) throw fail.listMyTenancies;
        return { tenancies: state.mine };
      },
      listTenancyClaims() {
        if (fail.listTenancyClaims) throw fail.listTenancyClaims;
        return { tenancies: state.claims };
      },
      claimTenancy(req) {
        requests.claimed.push(req);
        if (fail.claimTenancy) throw fail.claimTenancy;
        const p = properties.find((x) => x.id === req.propertyId);
        const tenancy = makeTenancy({
          id: nextId++,
          propertyId: req.propertyId,
          propertyTitle: p?.title ?? "",
          fromMonth: req.fromMonth,
          toMonth: req.toMonth,
          message: req.message,
          stage: p?.verified ? "landlord" : "documents",
          propertyVerified: Boolean(p?.verified),
        });
        state.mine = [tenancy, ...state.mine];
        return { tenancy };
      },
      confirmTenancy(req) {
        requests.confirmed.push(req.id);
        if (fail.confirmTenancy) throw fail.confirmTenancy;
        const tenancy = change(
          "claims",
          req.id,
          hold ? { stage: "administrator", holdReason: hold } : { status: "approved", stage: "", proof: "landlord" },
        );
        return { tenancy };
      },
      cannotConfirmTenancy(req) {
        requests.cannotConfirm.push(req);
        if (fail.cannotConfirmTenancy) throw fail.cannotConfirmTenancy;
        return { tenancy: change("claims", req.id, { stage: "documents", ownerMessage: req.message }) };
      },
      withdrawTenancy(req) {
        requests.withdrawn.push(req.id);
        if (fail.withdrawTenancy) throw fail.withdrawTenancy;
        return { tenancy: change("mine", req.id, { status: "withdrawn", stage: "" }) };
      },
    });
    // The dashboard around the tabs asks for the token balance: a quiet answer keeps error toasts
    // (which Escape would close before a dialog) out of the tests.
    router.service(TokenService, {
      getBalance: () => ({ balance: 10 }),
      listTransactions: () => ({ transactions: [], total: 0, hasMore: false }),
    });
    router.rpc(PropertyService.method.searchProperties, (req) => {
      requests.searched.push(req.query);
      const q = req.query.toLowerCase();
      const found = properties.filter((p) => [p.title, p.address, p.city].some((s) => s.toLowerCase().includes(q)));
      return { properties: found.slice(0, req.pageSize || 12), totalCount: found.length, page: 1, pageSize: req.pageSize };
    });
    router.rpc(PropertyService.method.getProperty, (req) => {
      const property = properties.find((p) => p.id === req.id);
      if (!property) throw new ConnectError("Property not found", Code.NotFound);
      return { property };
    });
  };
  return { serve, requests, state };
}
