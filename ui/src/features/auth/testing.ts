import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type Transport } from "@connectrpc/connect";
import {
  AccountService,
  UserSchema,
  type FindAccountRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SetSecurityQuestionsRequest,
  type UpdateProfileRequest,
  type User,
} from "@/gen/rentproof/account/v1/account_pb";
import { SECURITY_QUESTIONS as SECURITY_QUESTION_VOCABULARY } from "@/lib/vocab";
import { fakeTransport } from "@/test/render";

/** SECURITY_QUESTIONS is the contract's fixed list, which the server serves, for tests. */
export const SECURITY_QUESTIONS = [...SECURITY_QUESTION_VOCABULARY.values];

/** FakeAccount is an account the fake server knows, with its secrets. */
export interface FakeAccount {
  user: User;
  password: string;
  /** Two questions and their answers, when recovery is set up. */
  security?: { questions: [string, string]; answers: [string, string] };
}

interface FakeAccountsOptions {
  accounts?: FakeAccount[];
  /** The user whose session the browser already has. */
  signedInAs?: User;
  /**
   * Awaited by every rpc that changes something before it answers, so a test can
   * look at the pending state and then let it go on.
   */
  hold?: () => Promise<void>;
  /** Makes one rpc fail with this error instead of doing its work. */
  fail?: Partial<
    Record<"login" | "register" | "findAccount" | "resetPassword" | "setSecurityQuestions" | "updateProfile", ConnectError>
  >;
}

/**
 * fakeAccounts is an in-memory AccountService with the server's rules that the UI
 * depends on (sign-in by username or email, unique usernames, recovery by answers),
 * served beside the shared fakes of src/test/render. It records every request.
 */
export function fakeAccounts({ accounts = [], signedInAs, hold, fail = {} }: FakeAccountsOptions = {}) {
  const known = accounts.map((a) => ({ ...a }));
  let signedIn: User | undefined = signedInAs;
  const requests = {
    login: [] as LoginRequest[],
    register: [] as RegisterRequest[],
    findAccount: [] as FindAccountRequest[],
    resetPassword: [] as ResetPasswordRequest[],
    setSecurityQuestions: [] as SetSecurityQuestionsRequest[],
    updateProfile: [] as UpdateProfileRequest[],
  };
  const wait = async (rpc: keyof typeof requests) => {
    await hold?.();
    const err = fail[rpc];
    if (err) throw err;
  };

  const transport: Transport = fakeTransport({
    extra: (router) =>
      router.service(AccountService, {
        getCurrentUser() {
          return { user: signedIn };
        },
        async login(req) {
          requests.login.push(req);
          await wait("login");
          const id = req.username.toLowerCase();
          const account = known.find(
            (a) => a.user.username.toLowerCase() === id || a.user.email.toLowerCase() === id,
          );
          if (!account || account.password !== req.password) {
            throw new ConnectError("Invalid username or password", Code.Unauthenticated);
          }
          signedIn = account.user;
          return { user: account.user };
        },
        async register(req) {
          requests.register.push(req);
          await wait("register");
          if (known.some((a) => a.user.username.toLowerCase() === req.username.toLowerCase())) {
            throw new ConnectError("Username already exists", Code.AlreadyExists);
          }
          const user = create(UserSchema, {
            id: 100 + known.length,
            username: req.username,
            email: req.email,
            firstName: req.firstName,
            lastName: req.lastName,
            role: req.role || "tenant",
            tokens: 10,
          });
          known.push({ user, password: req.password });
          signedIn = user;
          return { user };
        },
        logout() {
          signedIn = undefined;
          return {};
        },
        async updateProfile(req) {
          requests.updateProfile.push(req);
          await wait("updateProfile");
          if (!signedIn) throw new ConnectError("You are not signed in", Code.Unauthenticated);
          const { firstName, lastName, bio, city, country, language } = req;
          signedIn = create(UserSchema, { ...signedIn, firstName, lastName, bio, city, country, language });
          return { user: signedIn };
        },
        listSecurityQuestions() {
          return { questions: SECURITY_QUESTIONS };
        },
        getSecurityQuestions() {
          if (!signedIn) throw new ConnectError("You are not signed in", Code.Unauthenticated);
          const id = signedIn.id;
          const [securityQuestion1, securityQuestion2] = known.find((a) => a.user.id === id)?.security?.questions ?? ["", ""];
          return { securityQuestion1, securityQuestion2 };
        },
        async setSecurityQuestions(req) {
          requests.setSecurityQuestions.push(req);
          await wait("setSecurityQuestions");
          if (!signedIn) throw new ConnectError("You are not signed in", Code.Unauthenticated);
          signedIn = { ...signedIn, hasSecurityQuestions: true };
          const id = signedIn.id;
          let account = known.find((a) => a.user.id === id);
          if (!account) {
            account = { user: signedIn, password: "" };
            known.push(account);
          }
          account.security = {
            questions: [req.securityQuestion1, req.securityQuestion2],
            answers: [req.securityAnswer1, req.securityAnswer2],
          };
          return {};
        },
        async findAccount(req) {
          requests.findAccount.push(req);
          await wait("findAccount");
          const account = known.find((a) => a.user.email === req.email && a.user.username === req.username);
          if (!account?.security) throw new ConnectError("Please check your email and username", Code.NotFound);
          const [securityQuestion1, securityQuestion2] = account.security.questions;
          return { userId: account.user.id, securityQuestion1, securityQuestion2 };
        },
        async resetPassword(req) {
          requests.resetPassword.push(req);
          await wait("resetPassword");
          const account = known.find((a) => a.user.id === req.userId);
          const [a1, a2] = account?.security?.answers ?? [];
          if (!account || req.securityAnswer1.trim() !== a1 || req.securityAnswer2.trim() !== a2) {
            throw new ConnectError("Please check your security answers", Code.PermissionDenied);
          }
          account.password = req.newPassword;
          signedIn = undefined;
          return {};
        },
      }),
  });

  return {
    transport,
    requests,
    /** The account's current password (to check a reset). */
    passwordOf: (username: string) => known.find((a) => a.user.username === username)?.password,
    signedIn: () => signedIn,
  };
}
