import { useQuery } from "@connectrpc/connect-query";
import { Loading, QueryState } from "@/components/ui/query-state";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import "../account-security.css";

/**
 * ChosenQuestions is the top of /settings › Security questions: the two questions the member
 * chose (never the answers, which the server keeps only hashed), or that none are set.
 */
export function ChosenQuestions() {
  const query = useQuery(AccountService.method.getSecurityQuestions, {});
  return (
    <QueryState
      query={query}
      loading={<Loading label="Loading your security questions" className="sessions__loading" />}
      error="We could not load your security questions."
      isEmpty={(data) => data.securityQuestion1 === ""}
      empty={
        <p className="settings-section__intro">
          You have not chosen security questions yet. Without them you can reset a forgotten password only by email.
        </p>
      }
    >
      {(data) => (
        <div className="chosen-questions">
          <p className="settings-section__intro">Your questions (the answers are never shown):</p>
          <ol aria-label="Your security questions">
            <li>{data.securityQuestion1}</li>
            <li>{data.securityQuestion2}</li>
          </ol>
          <p className="settings-section__intro">To change them, choose and answer two questions below.</p>
        </div>
      )}
    </QueryState>
  );
}
