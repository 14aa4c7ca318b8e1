import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AdminService } from "@/gen/rentproof/admin/v1/admin_pb";
import { AdminAccountService, ManagedAccountSchema, type ManagedAccount } from "@/gen/rentproof/admin/v1/admin_accounts_pb";
import { OutboxService } from "@/gen/rentproof/admin/v1/outbox_pb";
import { ContactService } from "@/gen/rentproof/contact/v1/contact_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

vi.setConfig({ testTimeout: 30_000 });
const SLOW = { timeout: 15_000 };

/** setup serves /admin with a fake AdminAccountService over one tenant, Tom. */
function setup() {
  const tom: ManagedAccount = create(ManagedAccountSchema, {
    id: 7, username: "tom", email: "tom@example.com", firstName: "Tom", lastName: "Hale", role: "tenant",
    createdAt: timestampFromDate(new Date("2026-01-02T10:00:00Z")),
  });
  const calls: string[] = [];
  const transport = fakeTransport({
    user: makeUser({ id: 1, username: "ada", role: "admin" }),
    extra: (router) => {
      router.service(AdminService, {
        listQueue: () => ({ items: [], hasMore: false }),
        listDecisions: () => ({ decisions: [], hasMore: false }),
      });
      router.service(ReviewService, { listReportedReviews: () => ({ reviews: [] }) });
      router.service(ContactService, { listContactMessages: () => ({ messages: [], total: 0, open: 0 }) });
      router.service(OutboxService, { listUndeliveredEmails: () => ({ emails: [], dead: 0, withheld: 0, hasMore: false }) });
      router.service(AdminAccountService, {
        findAccounts(req) {
          calls.push(`find ${req.query}`);
          return { accounts: "tom".includes(req.query) ? [tom] : [] };
        },
        suspendAccount(req) {
          calls.push(`suspend ${req.userId} ${req.reason}`);
          tom.suspendedAt = timestampFromDate(new Date("2026-11-26T10:00:00Z"));
          tom.suspensionReason = req.reason;
          return { account: tom };
        },
        reinstateAccount(req) {
          calls.push(`reinstate ${req.userId} ${req.reason}`);
          tom.suspendedAt = undefined;
          tom.suspensionReason = "";
          return { account: tom };
        },
      });
    },
  });
  renderApp({ path: "/admin", transport });
  return { calls, user: userEvent.setup() };
}

describe("/admin › Accounts", () => {
  it("finds an account and suspends it with a reason, then reinstates it", async () => {
    const { calls, user } = setup();
    const section = await screen.findByRole("region", { name: "Accounts" }, SLOW);
    await user.type(within(section).getByLabelText("Username, email address or account number"), "tom");
    await user.click(within(section).getByRole("button", { name: "Find" }));
    const card = await within(section).findByRole("article", { name: "Tom Hale (tom)" });
    expect(card).toHaveTextContent("Active");

    await user.click(within(card).getByRole("button", { name: "Suspend" }));
    expect(await within(card).findByText("Please give a reason: the member is told it")).toBeInTheDocument();
    await user.type(within(card).getByRole("textbox", { name: "Reason to suspend" }), "Fake reviews.");
    await user.click(within(card).getByRole("button", { name: "Suspend" }));
    await waitFor(() => expect(within(section).getByRole("article", { name: "Tom Hale (tom)" })).toHaveTextContent("Fake reviews."));
    expect(calls).toContain("suspend 7 Fake reviews.");

    const suspended = within(section).getByRole("article", { name: "Tom Hale (tom)" });
    await user.type(within(suspended).getByRole("textbox", { name: "Reason to reinstate" }), "Checked.");
    await user.click(within(suspended).getByRole("button", { name: "Reinstate" }));
    await waitFor(() => expect(calls).toContain("reinstate 7 Checked."));
  });

  it("says when nothing matches", async () => {
    const { user } = setup();
    const section = await screen.findByRole("region", { name: "Accounts" }, SLOW);
    await user.type(within(section).getByLabelText("Username, email address or account number"), "zed");
    await user.keyboard("{Enter}");
    expect(await within(section).findByText("No account matches.")).toBeInTheDocument();
  });
});
