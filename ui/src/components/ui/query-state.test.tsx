import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Loading, QueryState, type QueryResult } from "./query-state";

type List = { items: string[] };

function query(over: Partial<QueryResult<List>>): QueryResult<List> {
  return { data: undefined, error: null, isPending: false, isFetching: false, refetch: vi.fn(), ...over };
}

function show(q: QueryResult<List>, error?: string) {
  return render(
    <QueryState
      query={q}
      loading={
        <Loading label="Loading things">
          <ul>
            <li />
          </ul>
        </Loading>
      }
      error={error}
      isEmpty={(data) => data.items.length === 0}
      empty={<p>Nothing yet</p>}
    >
      {(data) => (
        <ul aria-label="Things">
          {data.items.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe("QueryState", () => {
  it("shows the loading state until the first answer, a status around the skeleton's list", () => {
    show(query({ isPending: true, isFetching: true }));
    const loading = screen.getByRole("status", { name: "Loading things" });
    expect(within(within(loading).getByRole("list")).getAllByRole("listitem")).toHaveLength(1);
  });

  it("shows an error panel with the part's words, whose Try Again asks again", async () => {
    const q = query({ error: new ConnectError("down", Code.Unavailable) });
    show(q, "Things could not be loaded.");
    const panel = screen.getByRole("alert", { name: "Connection Error" });
    expect(panel).toHaveTextContent("Things could not be loaded.");
    await userEvent.click(within(panel).getByRole("button", { name: "Try Again" }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it("shows the empty state for an empty answer, and the answer otherwise", () => {
    const { rerender } = show(query({ data: { items: [] } }));
    expect(screen.getByText("Nothing yet")).toBeInTheDocument();
    rerender(
      <QueryState query={query({ data: { items: ["a", "b"] } })} loading={null}>
        {(data) => <p>{data.items.join(", ")}</p>}
      </QueryState>,
    );
    expect(screen.getByText("a, b")).toBeInTheDocument();
  });

  it("keeps an answer on screen when a later refetch fails", () => {
    show(query({ data: { items: ["kept"] }, error: new ConnectError("down", Code.Unavailable) }));
    expect(screen.getByRole("list", { name: "Things" })).toHaveTextContent("kept");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("offers no Try Again when the part says so", () => {
    render(
      <QueryState query={query({ error: new Error("gone") })} loading={null} error={{ title: "Failed to fetch", onRetry: null }}>
        {() => null}
      </QueryState>,
    );
    expect(screen.getByRole("alert", { name: "Failed to fetch" })).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
