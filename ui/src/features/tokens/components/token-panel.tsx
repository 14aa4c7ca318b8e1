import { Coins } from "lucide-react";
import { useId } from "react";
import type { Transaction } from "@/gen/rentproof/token/v1/token_pb";
import { formatCount } from "@/lib/count";
import { formatRequestDate, isoDate } from "@/lib/format";
import { useRecentTransactions, useTokenBalance } from "../api/use-tokens";
import "../tokens.css";

/**
 * TokenPanel is the dashboard's token card (SPEC §2 "Token panel"): the balance ("Balance
 * unavailable" when it cannot be had), the 5 most recent transactions and how many more there
 * are ("+ N more transactions"), or "No transactions found".
 */
export function TokenPanel() {
  const headingId = useId();
  const balance = useTokenBalance();
  const transactions = useRecentTransactions();
  const list = transactions.data?.transactions ?? [];
  const more = Math.max(0, (transactions.data?.total ?? 0) - list.length);

  return (
    <section className="card dashboard-panel token-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-panel__title">
        <Coins aria-hidden="true" size={20} /> Token Balance
      </h2>
      {balance.isPending ? (
        <span className="skeleton token-panel__balance-placeholder" role="status" aria-label="Loading balance" />
      ) : balance.data ? (
        <p className="token-panel__balance">
          <strong>{formatCount(balance.data.balance)}</strong> {balance.data.balance === 1 ? "token" : "tokens"}
        </p>
      ) : (
        <p className="token-panel__unavailable">Balance unavailable</p>
      )}

      <h3 className="token-panel__subtitle">Recent Transactions</h3>
      {transactions.isPending ? (
        <div role="status" aria-label="Loading transactions">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--w80" />
        </div>
      ) : list.length ? (
        <>
          <ul className="transactions" aria-label="Recent transactions">
            {list.map((t) => (
              <TransactionRow key={t.id} transaction={t} />
            ))}
          </ul>
          {more > 0 ? (
            <p className="transactions__more">
              + {formatCount(more)} more {more === 1 ? "transaction" : "transactions"}
            </p>
          ) : null}
        </>
      ) : transactions.isError ? (
        <p className="muted">Transactions unavailable</p>
      ) : (
        <p className="muted">No transactions found</p>
      )}
    </section>
  );
}

function TransactionRow({ transaction: t }: { transaction: Transaction }) {
  const credit = t.amount >= 0;
  return (
    <li className="transactions__item">
      <span className="transactions__description">
        {t.description}
        <time className="transactions__date" dateTime={isoDate(t.createdAt)}>
          {formatRequestDate(t.createdAt)}
        </time>
      </span>
      <span className={`transactions__amount transactions__amount--${credit ? "credit" : "debit"}`}>
        {credit ? `+${t.amount}` : `−${Math.abs(t.amount)}`}
        <span className="visually-hidden"> {Math.abs(t.amount) === 1 ? "token" : "tokens"}</span>
      </span>
    </li>
  );
}
