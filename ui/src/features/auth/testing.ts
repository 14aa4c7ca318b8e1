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
import {
  AccountEmailService,
  type ResetPasswordWithLinkRequest,
  type SendPasswordResetLinkRequest,
  type SendSignInLinkRequest,
} from "@/gen/rentproof/account/v1/account_email_pb";
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
  /** Usernames the account-wide sign-in limit holds out (without a sign-in link). */
  heldOut?: string[];
}

/** RESET_LINK_TOKEN is the one emailed reset link the fake server honours, once. */
export const RESET_LINK_TOKEN = "reset-link-token";
/** SIGN_IN_LINK_TOKEN is the one emailed sign-in link the fake server honours. */
export const SIGN_IN_LINK_TOKEN = "sign-in-link-token";

/** The server's normalised comparison of answers (case and spacing do not matter). */
const normalise = (answer: string) => answer.trim().toLowerCase().split(/\s+/).join(" ");

/**
 * fakeAccounts is an in-memory AccountService with the server's rules that the UI
 * depends on (sign-in by username or email, unique usernames, recovery by answers),
 * served beside the shared fakes of src/test/render. It records every request.
 */
export function fakeAccounts({ accounts = [], signedInAs, hold, fail = {}, heldOut = [] }: FakeAccountsOptions = {}) {
  const known = accounts.map((a) => ({ ...a }));
  let signedIn: User | undefined = signedInAs;
  const requests = {
    login: [] as LoginRequest[],
    register: [] as RegisterRequest[],
    findAccount: [] as FindAccountRequest[],
    resetPassword: [] as ResetPasswordRequest[],
    setSecurityQuestions: [] as SetSecurityQuestionsRequest[],
    updateProfile: [] as UpdateProfileRequest[],
    sendPasswordResetLink: [] as SendPasswordResetLinkRequest[],
    resetPasswordWithLink: [] as ResetPasswordWithLinkRequest[],
    sendSignInLink: [] as SendSignInLinkRequest[],
  };
  let resetLinkUsed = false;
  const wait = async (rpc: keyof NonNullable<FakeAccountsOptions["fail"]>) => {
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
          if (heldOut.includes(id) && req.signInLink !== SIGN_IN_LINK_TOKEN) {
            throw new ConnectError(
              "Too many failed attempts on this account. Please try again in 15 minutes, or ask for a sign-in link by email.",
              Code.ResourceExhausted,
              { "Rentproof-Hint": "sign_in_link" },
            );
          }
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
          const id = signedIn.id;
          let account = known.find((a) => a.user.id === id);
          // As the server: the current password first (an account without one here takes any).
          if (req.currentPassword === "") throw new ConnectError("Please enter your current password", Code.InvalidArgument);
          if (account?.password && req.currentPassword !== account.password) {
            throw new ConnectError("Your password is incorrect", Code.InvalidArgument);
          }
          signedIn = { ...signedIn, hasSecurityQuestions: true };
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
          // Every pair gets two questions: an unknown one, decoys that no answer passes.
          const account = known.find((a) => a.user.email === req.email && a.user.username === req.username);
          const [securityQuestion1, securityQuestion2] = account?.security?.questions ?? [SECURITY_QUESTIONS[4], SECURITY_QUESTIONS[7]];
          return { userId: account?.user.id ?? 1 << 30, securityQuestion1, securityQuestion2 };
        },
        async resetPassword(req) {
          requests.resetPassword.push(req);
          await wait("resetPassword");
          const account = known.find((a) => a.user.id === req.userId);
          const [a1, a2] = account?.security?.answers ?? [];
          if (!account || normalise(req.securityAnswer1) !== normalise(a1 ?? "") || normalise(req.securityAnswer2) !== normalise(a2 ?? "")) {
            throw new ConnectError("Please check your security answers", Code.PermissionDenied);
          }
          account.password = req.newPassword;
          signedIn = undefined;
          return {};
        },
      })
        .service(AccountEmailService, {
        sendPasswordResetLink(req) {
          requests.sendPasswordResetLink.push(req);
          return { message: "If an account exists for that address, we sent a link" };
        },
        sendSignInLink(req) {
          requests.sendSignInLink.push(req);
          return { message: "If an account exists for that name, we sent a sign-in link to its email address" };
        },
        resetPasswordWithLink(req) {
          requests.resetPasswordWithLink.push(req);
          if (req.token !== RESET_LINK_TOKEN || resetLinkUsed) {
            throw new ConnectError("This link is invalid, has expired or was already used. Please ask for a new one.", Code.FailedPrecondition);
          }
          resetLinkUsed = true;
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
