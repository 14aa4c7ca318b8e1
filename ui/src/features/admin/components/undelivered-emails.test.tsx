import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AdminService } from "@/gen/rentproof/admin/v1/admin_pb";
import { OutboxService, UndeliveredEmailSchema, type UndeliveredEmail } from "@/gen/rentproof/admin/v1/outbox_pb";
import { ContactService } from "@/gen/rentproof/contact/v1/contact_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

/** setup serves /admin with a fake OutboxService over `emails` (newest first); a resend makes one pending (gone from the list). */
function setup(emails: UndeliveredEmail[], opts: { fail?: boolean } = {}) {
  const resent: bigint[] = [];
  const transport = fakeTransport({
    user: makeUser({ id: 1, username: "ada", role: "admin" }),
    extra: (router) => {
      router.service(AdminService, {
        listQueue: () => ({ items: [], hasMore: false }),
        listDecisions: () => ({ decisions: [], hasMore: false }),
      });
      router.service(ReviewService, { listReportedReviews: () => ({ reviews: [] }) });
      router.service(ContactService, { listContactMessages: () => ({ messages: [], total: 0, open: 0 }) });
      router.service(OutboxService, {
        listUndeliveredEmails() {
          if (opts.fail) throw new ConnectError("Only administrators can see and resend undelivered email.", Code.PermissionDenied);
          const left = emails.filter((e) => !resent.includes(e.id));
          return {
            emails: left,
            dead: left.filter((e) => e.status === "dead").length,
            withheld: left.filter((e) => e.status === "withheld").length,
            hasMore: false,
          };
        },
        resendEmail(req) {
          resent.push(req.id);
          return {};
        },
      });
    },
  });
  renderApp({ path: "/admin", transport });
  return { resent, user: userEvent.setup() };
}

function email(id: bigint, subject: string, status: "dead" | "withheld"): UndeliveredEmail {
  return create(UndeliveredEmailSchema, {
    id,
    to: `member${id}@example.com`,
    subject,
    category: "review_responses",
    kind: "review_response",
    status,
    attempts: status === "dead" ? 1 : 0,
    lastError: status === "dead" ? "550 5.1.1 Mailbox unavailable" : "Not sent: the member's address was not verified.",
    createdAt: timestampFromDate(new Date("2026-11-22T10:00:00Z")),
    failedAt: timestampFromDate(new Date("2026-11-22T10:01:00Z")),
  });
}

describe("/admin Undelivered email", () => {
  it("lists dead and withheld email and resends a dead one from the keyboard", async () => {
    const { resent, user } = setup([email(2n, "A response to your review", "dead"), email(1n, "Your report was decided", "withheld")]);
    const section = within(await screen.findByRole("region", { name: "Undelivered email" }));
    const dead = within(await section.findByRole("article", { name: "A response to your review" }));
    expect(dead.getByText("Dead")).toBeInTheDocument();
    const meta = (text: string) => (_: string, el: Element | null) => el?.tagName === "P" && el.textContent === text;
    expect(dead.getByText(meta("To member2@example.com · Review Responses · 1 try · failed Nov 22, 2026"))).toBeInTheDocument();
    expect(dead.getByText("550 5.1.1 Mailbox unavailable")).toBeInTheDocument();
    expect(dead.getByText("Nov 22, 2026")).toHaveAttribute("datetime", "2026-11-22T10:01:00.000Z");
    const withheld = within(section.getByRole("article", { name: "Your report was decided" }));
    expect(withheld.getByText("Withheld")).toBeInTheDocument();
    expect(withheld.queryByRole("button", { name: "Resend" })).toBeNull();
    expect(section.getByText("1 dead · 1 withheld")).toBeInTheDocument();

    dead.getByRole("button", { name: "Resend" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(section.queryByRole("article", { name: "A response to your review" })).toBeNull());
    expect(resent).toEqual([2n]);
    expect(section.getByText("0 dead · 1 withheld")).toBeInTheDocument();
  });

  it("says so when every email went out", async () => {
    setup([]);
    const section = within(await screen.findByRole("region", { name: "Undelivered email" }));
    expect(await section.findByText("Every email went out.")).toBeInTheDocument();
  });

  it("shows the server's error", async () => {
    setup([], { fail: true });
    const section = within(await screen.findByRole("region", { name: "Undelivered email" }));
    expect(await section.findByText("Only administrators can see and resend undelivered email.")).toBeInTheDocument();
  });
});
