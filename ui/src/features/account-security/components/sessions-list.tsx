import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Button } from "@/components/ui/button";
import { Loading, QueryState } from "@/components/ui/query-state";
import type { AccountSession } from "@/gen/rentproof/account/v1/account_security_pb";
import { formatDate } from "@/lib/format";
import { timeAgo } from "@/lib/relative-time";
import { useEndSessions, useSessions } from "../api/use-account-security";
import "../account-security.css";

/**
 * SessionsList is /settings › Sessions: every browser or app signed in to the account, with what
 * its sign-in said it was, its approximate network and when it was last used; any other one can
 * be signed out, or all of them at once. This browser signs out from the header's menu.
 */
export function SessionsList() {
  const query = useSessions();
  const { endSession, endingId, endOthers, endingOthers } = useEndSessions();
  return (
    <>
      <p className="settings-section__intro">
        Browsers and apps signed in to your account. The browser and system are what each one said it was when it
        signed in; the network is the block of internet addresses it signed in from, which tells roughly where, not who
        (we look up no place).
      </p>
      <QueryState
        query={query}
        loading={<Loading label="Loading your sessions" className="sessions__loading" />}
        error="We could not load your sessions."
        isEmpty={(data) => data.sessions.length === 0}
        empty={<p className="sessions__empty">No sessions are signed in.</p>}
      >
        {({ sessions }) => {
          const others = sessions.filter((s) => !s.current).length;
          return (
            <>
              <ul className="sessions" aria-label="Signed-in sessions">
                {sessions.map((s) => (
                  <SessionRow key={s.id.toString()} session={s} ending={endingId === s.id} onEnd={() => endSession(s.id)} />
                ))}
              </ul>
              {others === 0 ? (
                <p className="sessions__empty">No other browser or app is signed in.</p>
              ) : (
                <Button variant="outline" onClick={endOthers} disabled={endingOthers} aria-busy={endingOthers || undefined}>
                  {endingOthers ? "Signing out..." : "Sign out all other sessions"}
                </Button>
              )}
            </>
          );
        }}
      </QueryState>
    </>
  );
}

interface SessionRowProps {
  session: AccountSession;
  ending: boolean;
  onEnd: () => void;
}

function SessionRow({ session: s, ending, onEnd }: SessionRowProps) {
  const name = s.summary.charAt(0).toUpperCase() + s.summary.slice(1);
  const lastUsed = s.lastUsedAt ? timeAgo(timestampDate(s.lastUsedAt)) : "recently";
  return (
    <li className="session">
      <div className="session__text">
        <p className="session__name">
          {name}
          {s.current ? <span className="session__badge"> (this browser)</span> : null}
        </p>
        <p className="session__detail">Network: {s.network || "unknown"}</p>
        <p className="session__detail">
          Signed in {formatDate(s.createdAt)}, last used {lastUsed}
        </p>
      </div>
      {s.current ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={onEnd}
          disabled={ending}
          aria-busy={ending || undefined}
          aria-label={`Sign out ${name}, last used ${lastUsed}`}
        >
          {ending ? "Signing out..." : "Sign out"}
        </Button>
      )}
    </li>
  );
}
