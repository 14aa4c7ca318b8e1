import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  EnquiryReportService,
  ReportedMessageSchema,
  ReportedThreadSchema,
  ThreadReportSchema,
  type HandleThreadReportsRequest,
  type ReportedThread,
} from "@/gen/rentproof/admin/v1/enquiry_reports_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

function reported(): ReportedThread {
  return create(ReportedThreadSchema, {
    threadId: 41n,
    propertyId: 3,
    propertyTitle: "Sunny Flat",
    enquirerUsername: "dana",
    ownerUsername: "lars",
    reports: [
      create(ThreadReportSchema, {
        reason: "scam",
        note: "Asked for a deposit by wire.",
        reporterUsername: "dana",
        reportedAt: timestampFromDate(new Date("2026-11-22T10:00:00Z")),
      }),
    ],
    messages: [
      create(ReportedMessageSchema, { authorUsername: "dana", body: "Is it available?", sentAt: timestampFromDate(new Date("2026-11-20T10:00:00Z")) }),
      create(ReportedMessageSchema, { authorUsername: "lars", body: "Wire the deposit first.", sentAt: timestampFromDate(new Date("2026-11-20T11:00:00Z")) }),
    ],
  });
}

/** setup serves /admin with a fake EnquiryReportService over `threads`. */
function setup(threads: ReportedThread[], refuse?: Error) {
  const handled: HandleThreadReportsRequest[] = [];
  const transport = fakeTransport({
    user: makeUser({ id: 1, username: "ada", role: "admin" }),
    extra: (router) => {
      router.service(EnquiryReportService, {
        listReportedThreads: () => ({ threads }),
        handleThreadReports(req) {
          if (refuse) throw refuse;
          handled.push(req);
          threads.splice(threads.findIndex((t) => t.threadId === req.threadId), 1);
          return {};
        },
      });
    },
  });
  renderApp({ path: "/admin", transport });
  return { handled, user: userEvent.setup() };
}

const section = async () => within(await screen.findByRole("region", { name: "Reported enquiries" }));

describe("Reported enquiries", () => {
  it("shows each reported thread with its reports and conversation, and marks it handled with a required note", async () => {
    const { handled, user } = setup([reported()]);
    const s = await section();
    const card = within(await s.findByRole("article", { name: "Enquiry about Sunny Flat" }));
    expect(card.getByRole("link", { name: "Sunny Flat" })).toHaveAttribute("href", "/properties/3");
    expect(card.getByText("Scam: asks for money outside RentProof")).toBeInTheDocument();
    expect(card.getByText("Asked for a deposit by wire.")).toBeInTheDocument();
    expect(card.getByText("Wire the deposit first.")).toBeInTheDocument();
    await user.click(card.getByRole("button", { name: "Mark handled" }));
    expect(await card.findByText("Please say what you did or decided")).toBeInTheDocument();
    expect(handled).toHaveLength(0);
    await user.type(card.getByLabelText("What you did or decided"), " Suspended lars. ");
    await user.click(card.getByRole("button", { name: "Mark handled" }));
    await waitFor(() => expect(handled).toEqual([expect.objectContaining({ threadId: 41n, note: "Suspended lars." })]));
    expect(await s.findByText("No enquiry is reported.")).toBeInTheDocument();
  });

  it("shows the server's refusal beside the form", async () => {
    const { user } = setup([reported()], new ConnectError("This thread has no open report.", Code.FailedPrecondition));
    const card = within(await (await section()).findByRole("article", { name: "Enquiry about Sunny Flat" }));
    await user.type(card.getByLabelText("What you did or decided"), "Looked at it.");
    await user.click(card.getByRole("button", { name: "Mark handled" }));
    expect(await card.findByRole("alert")).toHaveTextContent("This thread has no open report.");
  });
});
