// Test helpers (fake services) for the verification and token screens; not part of the app.
import { clone, create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import type { Property } from "@/gen/rentproof/property/v1/property_pb";
import { TokenService, TransactionSchema, type Transaction } from "@/gen/rentproof/token/v1/token_pb";
import {
  PartySchema,
  PotentialVerifierSchema,
  VerificationRequestSchema,
  VerificationService,
  type AnswerVerificationRequestRequest,
  type CreateVerificationRequestRequest,
  type DecideConfirmationRequest,
  type ListPotentialVerifiersRequest,
  type PotentialVerifier,
  type VerificationRequest,
} from "@/gen/rentproof/verification/v1/verification_pb";

const DAY = 24 * 3600 * 1000;

/** daysAgo is a timestamp n days before now. */
export const daysAgo = (n: number) => timestampFromDate(new Date(Date.now() - n * DAY));

/** at is a timestamp of a fixed moment (UTC). */
export const at = (iso: string) => timestampFromDate(new Date(iso));

/** makeVerifier builds a potential verifier. */
export function makeVerifier(id: number, username: string, role = "landlord"): PotentialVerifier {
  return create(PotentialVerifierSchema, { id, username, role });
}

type RequestInit = Partial<Omit<VerificationRequest, "$typeName" | "$unknown" | "requestedBy" | "requestedTo">> & {
  by?: [number, string];
  to?: [number, string];
};

/** makeRequest builds a verification request, pending by default. */
export function makeRequest({ by = [2, "olive"], to = [8, "lars"], ...overrides }: RequestInit = {}): VerificationRequest {
  return create(VerificationRequestSchema, {
    id: 1,
    propertyId: 1,
    propertyTitle: "Sunny Pre-War One-Bedroom in Chelsea",
    requestedBy: create(PartySchema, { id: by[0], username: by[1] }),
    requestedTo: create(PartySchema, { id: to[0], username: to[1] }),
    status: "pending",
    ownerUsername: by[1],
    incentiveAmount: "1.00",
    createdAt: at("2025-04-05T10:00:00Z"),
    expiresAt: at("2025-05-05T10:00:00Z"),
    ...overrides,
  });
}

/** makeTransaction builds a ledger row. */
export function makeTransaction(overrides: Partial<Omit<Transaction, "$typeName" | "$unknown">> = {}): Transaction {
  return create(TransactionSchema, {
    id: 1,
    amount: 10,
    transactionType: "initial_allocation",
    description: "Welcome tokens for joining RentProof",
    relatedEntityType: "system",
    createdAt: at("2025-03-01T00:00:00Z"),
    ...overrides,
  });
}

type Rpc =
  | "listPotentialVerifiers"
  | "createVerificationRequest"
  | "listCreatedVerificationRequests"
  | "listReceivedVerificationRequests"
  | "answerVerificationRequest"
  | "listConfirmationsToAccept"
  | "decideConfirmation"
  | "getBalance"
  | "listTransactions";

/** VerificationFakeOptions configure serveVerificationFakes. */
export interface VerificationFakeOptions {
  /** The accounts that may verify (the viewer is left out of a search, as on the server). */
  verifiers?: PotentialVerifier[];
  /** The requests that exist; new ones are added in front (newest first). */
  requests?: VerificationRequest[];
  /** The properties an approval verifies (changed in place: give the same objects to the property fakes). */
  properties?: Property[];
  /** The signed-in user. */
  viewer: () => User | undefined;
  /** Each user's ledger, newest first; a user without one has none. */
  ledgers?: Record<number, Transaction[]>;
  /** Awaited by the rpcs in `held` (every rpc without it) before they answer (to look at pending states). */
  hold?: () => Promise<void>;
  held?: Rpc[];
  /** Makes an rpc fail with this error. */
  fail?: Partial<Record<Rpc, ConnectError>>;
  /** False: answers earn nothing (a linked or new sender, past the day's rewarded answers), as the server may decide. */
  rewardAnswers?: boolean;
}

/**
 * serveVerificationFakes serves VerificationService and TokenService from memory, with the
 * server's main rules: a search by role and username part leaving the caller out; requests in
 * both shapes; answers only by the addressee, only while pending; an answer credits the verifier
 * one token (unless rewardAnswers is false); an approval of the owner's request verifies the
 * property (proof confirmed), of anyone else's is confirmed, waiting for the owner, who accepts
 * (verified) or declines it. Use `serve` as fakeTransport's `extra`; the other fields record what
 * was asked.
 */
export function serveVerificationFakes({
  verifiers = [],
  requests: initial = [],
  properties = [],
  viewer,
  ledgers = {},
  hold,
  held,
  fail = {},
  rewardAnswers = true,
}: VerificationFakeOptions) {
  // Copies: an answer changes a request, and the next test starts from the given ones.
  const requests = initial.map((r) => clone(VerificationRequestSchema, r));
  const searches: ListPotentialVerifiersRequest[] = [];
  const created: CreateVerificationRequestRequest[] = [];
  const answers: AnswerVerificationRequestRequest[] = [];
  const decisions: DecideConfirmationRequest[] = [];
  /** Every rpc asked, in order. */
  const calls: Rpc[] = [];
  let nextId = Math.max(100, ...requests.map((r) => r.id + 1));

  async function gate(rpc: Rpc) {
    calls.push(rpc);
    if (!held || held.includes(rpc)) await hold?.();
    const err = fail[rpc];
    if (err) throw err;
  }
  function me(): User {
    const user = viewer();
    if (!user) throw new ConnectError("Please sign in.", Code.Unauthenticated);
    return user;
  }
  const ledgerOf = (id: number) => (ledgers[id] ??= []);
  /** verify marks a property verified (proof confirmed), telling whether it was not already. */
  function verify(propertyId: number): boolean {
    const property = properties.find((p) => p.id === propertyId);
    if (!property) return false;
    const first = !property.verified;
    property.verified = true;
    property.verificationProof = "confirmed";
    property.verificationConfirmations += 1;
    return first;
  }

  const serve = (router: ConnectRouter) => {
    router.service(VerificationService, {
      async listPotentialVerifiers(req) {
        searches.push(req);
        await gate("listPotentialVerifiers");
        const user = me();
        const q = req.query.trim().toLowerCase();
        const found = verifiers
          .filter((v) => v.id !== user.id && v.role === req.role && v.username.toLowerCase().includes(q))
          .sort((a, b) => a.username.localeCompare(b.username));
        const size = req.pageSize || 20;
        return { verifiers: found.slice(0, size), hasMore: found.length > size };
      },
      async createVerificationRequest(req) {
        created.push(req);
        await gate("createVerificationRequest");
        const user = me();
        const property = properties.find((p) => p.id === req.propertyId);
        const to = req.verifierUsernames.length
          ? req.verifierUsernames.map((name) => verifiers.find((v) => v.username === name))
          : [verifiers.find((v) => v.id === req.requestedToId)];
        const made = to.map((v) =>
          makeRequest({
            id: nextId++,
            propertyId: req.propertyId,
            propertyTitle: property?.title ?? "",
            by: [user.id, user.username],
            to: [v?.id ?? 0, v?.username ?? ""],
            message: req.message || req.notes,
            createdAt: timestampFromDate(new Date()),
            expiresAt: timestampFromDate(new Date(Date.now() + 30 * DAY)),
          }),
        );
        requests.unshift(...made);
        return { requests: made };
      },
      async listCreatedVerificationRequests() {
        await gate("listCreatedVerificationRequests");
        const user = me();
        return { requests: requests.filter((r) => r.requestedBy?.id === user.id), hasMore: false };
      },
      async listReceivedVerificationRequests() {
        await gate("listReceivedVerificationRequests");
        const user = me();
        return { requests: requests.filter((r) => r.requestedTo?.id === user.id), hasMore: false };
      },
      async answerVerificationRequest(req) {
        answers.push(req);
        await gate("answerVerificationRequest");
        const user = me();
        const found = requests.find((r) => r.id === req.id);
        if (!found || found.requestedTo?.id !== user.id) {
          throw new ConnectError("Only the person a request is addressed to may answer it.", Code.PermissionDenied);
        }
        if (found.status !== "pending") throw new ConnectError("This request has already been answered.", Code.FailedPrecondition);
        // The property page's request (not the owner's) is only confirmed: the owner accepts it.
        const confirmation = req.status === "approved" && found.requestedBy?.username !== found.ownerUsername;
        found.status = confirmation ? "confirmed" : req.status;
        found.statusReason = confirmation ? "Confirmed. Waiting for the property's owner to accept it, or for an administrator." : "";
        found.responseMessage = req.responseMessage;
        found.respondedAt = timestampFromDate(new Date());
        if (rewardAnswers) {
          ledgerOf(user.id).unshift(
            makeTransaction({
              id: 1000 + found.id,
              amount: 1,
              transactionType: "verification_reward",
              description: `Answered a verification request for ${found.propertyTitle}`,
              createdAt: timestampFromDate(new Date()),
            }),
          );
        }
        const verified = found.status === "approved" && verify(found.propertyId);
        return { request: found, propertyVerified: verified, tokensEarned: rewardAnswers ? 1 : 0 };
      },
      async listConfirmationsToAccept() {
        await gate("listConfirmationsToAccept");
        const user = me();
        const waiting = requests.filter((r) => r.status === "confirmed" && r.ownerUsername === user.username);
        return { requests: [...waiting].reverse(), hasMore: false };
      },
      async decideConfirmation(req) {
        decisions.push(req);
        await gate("decideConfirmation");
        const user = me();
        const found = requests.find((r) => r.id === req.id);
        if (!found || found.ownerUsername !== user.username) {
          throw new ConnectError("Only the property's owner can accept or decline its confirmations.", Code.PermissionDenied);
        }
        if (found.status !== "confirmed") {
          throw new ConnectError("This request is not a confirmation waiting for the owner.", Code.FailedPrecondition);
        }
        found.status = req.accept ? "approved" : "declined";
        found.statusReason = req.accept ? "Accepted by the property's owner." : "Declined by the property's owner.";
        return { request: found, propertyVerified: req.accept && verify(found.propertyId) };
      },
    });
    router.service(TokenService, {
      async getBalance() {
        await gate("getBalance");
        return { balance: ledgerOf(me().id).reduce((sum, t) => sum + t.amount, 0) };
      },
      async listTransactions(req) {
        await gate("listTransactions");
        const all = ledgerOf(me().id);
        const size = req.pageSize || 5;
        const page = Math.max(req.page || 1, 1);
        return { transactions: all.slice((page - 1) * size, page * size), total: all.length, hasMore: all.length > page * size };
      },
    });
  };
  return { serve, requests, searches, created, answers, decisions, ledgers, calls };
}
