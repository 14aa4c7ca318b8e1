import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createRouterTransport, type Transport } from "@connectrpc/connect";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import {
  AccountSecurityService,
  AccountSessionSchema,
  type AccountSession,
  type ChangePasswordRequest,
} from "@/gen/rentproof/account/v1/account_security_pb";

/** makeSession builds a session as ListSessions answers it, used `minutesAgo` minutes ago. */
export function makeSession(id: number, minutesAgo: number, overrides: Partial<Omit<AccountSession, "$typeName" | "$unknown">> = {}): AccountSession {
  return create(AccountSessionSchema, {
    id: BigInt(id),
    browser: "Firefox",
    operatingSystem: "Windows",
    summary: "Firefox on Windows",
    network: "203.0.113.0/24",
    createdAt: timestampFromDate(new Date("2026-11-20T10:00:00Z")),
    lastUsedAt: timestampFromDate(new Date(Date.now() - minutesAgo * 60_000)),
    expiresAt: timestampFromDate(new Date(Date.now() + 86_400_000)),
    ...overrides,
  });
}

interface FakeSecurityOptions {
  /** The member's sessions; the one marked current is the browser's. */
  sessions?: AccountSession[];
  /** The current password the fake accepts. */
  password?: string;
  /** The two chosen security questions ("" when none). */
  questions?: [string, string];
  /** Awaited by every change before it answers (to look at pending states). */
  hold?: () => Promise<void>;
  /** Makes ListSessions fail this many times first. */
  listFailures?: number;
}

/**
 * securityTransport serves AccountSecurityService from memory with the server's rules (a wrong
 * current password is refused; another member's or an ended session is not found), and the
 * AccountService reads the sections make. requests records what was sent.
 */
export function securityTransport({ sessions = [], password = "old-secret", questions = ["", ""], hold, listFailures = 0 }: FakeSecurityOptions = {}) {
  let live = [...sessions];
  let failures = listFailures;
  const requests = { changePassword: [] as ChangePasswordRequest[], endSession: [] as bigint[], endOthers: 0 };
  const transport: Transport = createRouterTransport((router) => {
    router.service(AccountService, {
      getCurrentUser: () => ({}),
      getSecurityQuestions: () => ({ securityQuestion1: questions[0], securityQuestion2: questions[1] }),
    });
    router.service(AccountSecurityService, {
      listSessions() {
        if (failures > 0) {
          failures--;
          throw new ConnectError("database down", Code.Internal);
        }
        return { sessions: live };
      },
      async changePassword(req) {
        requests.changePassword.push(req);
        await hold?.();
        if (req.currentPassword !== password) throw new ConnectError("Your password is incorrect", Code.InvalidArgument);
        const ended = live.filter((s) => !s.current).length;
        live = live.filter((s) => s.current);
        password = req.newPassword;
        return { sessionsEnded: ended };
      },
      async endSession(req) {
        requests.endSession.push(req.id);
        await hold?.();
        const found = live.find((s) => s.id === req.id);
        if (!found) throw new ConnectError("This session was not found: it may have ended already.", Code.NotFound);
        live = live.filter((s) => s.id !== req.id);
        return { wasCurrent: found.current };
      },
      async endOtherSessions() {
        requests.endOthers++;
        await hold?.();
        const ended = live.filter((s) => !s.current).length;
        live = live.filter((s) => s.current);
        return { sessionsEnded: ended };
      },
    });
  });
  return { transport, requests };
}
