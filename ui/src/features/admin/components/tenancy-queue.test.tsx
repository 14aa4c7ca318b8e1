import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminService, type DecideTenancyRequest, type RevokeTenancyRequest } from "@/gen/rentproof/admin/v1/admin_pb";
import type { Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { ReviewService } from "@/gen/rentproof/review/v1/review_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { makeTenancy } from "@/test/tenancies";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });
const toasts = () => within(screen.getByRole("region", { name: /Notifications/, hidden: true }));
const admin = makeUser({ id: 1, username: "ada", role: "admin" });

const documents = [
  { url: "/api/tenancy-documents/lease", fileName: "lease.pdf", contentType: "application/pdf", kind: "lease" },
];

function setup({ queue = [] as Tenancy[], failQueue = false, failDecide = "", failRevoke = "" } = {}) {
  let tenancies = [...queue];
  const decided: DecideTenancyRequest[] = [];
  const revoked: RevokeTenancyRequest[] = [];
  const transport = fakeTransport({
    user: admin,
    extra: (router) => {
      router.service(AdminService, {
        listQueue: () => ({ items: [], hasMore: false }),
        listDecisions: () => ({ decisions: [], hasMore: false }),
        listTenancyQueue: () => {
          if (failQueue) throw new ConnectError("The queue is unavailable.", Code.Unavailable);
          return { tenancies };
        },
        decideTenancy: (req) => {
          decided.push(req);
          if (failDecide) throw new ConnectError(failDecide, Code.FailedPrecondition);
          const t = tenancies.find((x) => x.id === req.id)!;
          tenancies = tenancies.filter((x) => x.id !== req.id);
          return { tenancy: { ...t, status: req.approve ? "approved" : "rejected", proof: req.approve ? (t.holdReason ? "landlord" : "documents") : "" } };
        },
        revokeTenancy: (req) => {
          revoked.push(req);
          if (failRevoke) throw new ConnectError(failRevoke, Code.FailedPrecondition);
          return { tenancy: makeTenancy({ id: req.id, status: "revoked", responseMessage: req.reason }) };
        },
      });
      router.service(ReviewService, { listReportedReviews: () => ({ reviews: [] }) });
    },
  });
  return { ...renderApp({ path: "/admin", transport }), decided, revoked, user: userEvent.setup() };
}

const section = async () => within(await screen.findByRole("region", { name: "Tenancy claims" }));
const card = async (name: string | RegExp) => within(await (await section()).findByRole("article", { name }));

afterEach(() => vi.unstubAllGlobals());

describe("/admin's tenancy claims", () => {
  it("says when nothing waits", async () => {
    setup();
    expect(await (await section()).findByText("No tenancy claim is waiting for an administrator.")).toBeInTheDocument();
  });

  it("shows the server's error when the queue fails", async () => {
    setup({ failQueue: true });
    expect(await (await section()).findByText("The queue is unavailable.")).toBeInTheDocument();
  });

  it("shows who claims what, opens a document in place and approves it", async () => {
    vi.stubGlobal("fetch", async () => new Response("%PDF-1.4", { status: 200, headers: { "Content-Type": "application/pdf" } }));
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:lease", revokeObjectURL: () => undefined }));
    const { user, decided } = setup({
      queue: [
        makeTenancy({
          stage: "administrator",
          tenantUsername: "dana",
          ownerUsername: "olive",
          toMonth: "",
          message: "Flat 2",
          ownerMessage: "I bought it in 2024.",
          duplicateClaimIds: [12],
          documents,
        }),
      ],
    });
    const c = await card("Claim #11: Sunny Flat");
    expect(c.getByText("Tenancy documents")).toBeInTheDocument();
    expect(c.getByText(/Tenant dana \(Dana W\.\) · owner olive · claimed Nov 20, 2026/)).toBeInTheDocument();
    expect(c.getByText("Mar 2023 – now")).toBeInTheDocument();
    expect(c.getByText("The same document was sent with claim #12")).toBeInTheDocument();
    expect(c.getByText("The tenant wrote: “Flat 2”")).toBeInTheDocument();
    expect(c.getByText("The owner could not confirm it: “I bought it in 2024.”")).toBeInTheDocument();
    const docs = within(c.getByRole("list", { name: "Documents" }));
    expect(docs.getByText("Lease")).toBeInTheDocument();
    await user.click(docs.getByRole("button", { name: "Open lease.pdf" }));
    expect(await docs.findByTitle("lease.pdf")).toHaveAttribute("src", "blob:lease");
    await user.type(c.getByLabelText("Message to the tenant"), "The lease matches.");
    await user.click(c.getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(decided).toEqual([expect.objectContaining({ id: 11, approve: true, message: "The lease matches." })]));
    expect(await toasts().findByText("Tenancy verified")).toBeInTheDocument();
    expect(toasts().getByText("Claim #11 at Sunny Flat is verified: documents checked.")).toBeInTheDocument();
    expect(await (await section()).findByText("No tenancy claim is waiting for an administrator.")).toBeInTheDocument();
  });

  it("needs a message to reject, then rejects", async () => {
    const { user, decided } = setup({ queue: [makeTenancy({ stage: "administrator", documents })] });
    const c = await card("Claim #11: Sunny Flat");
    await user.click(c.getByRole("button", { name: "Reject" }));
    expect(c.getByRole("alert")).toHaveTextContent("Please say why: the tenant is told.");
    expect(c.getByLabelText("Message to the tenant")).toHaveAccessibleDescription("Please say why: the tenant is told.");
    expect(decided).toEqual([]);
    await user.type(c.getByLabelText("Message to the tenant"), "The lease names someone else.");
    await user.click(c.getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(decided).toEqual([expect.objectContaining({ id: 11, approve: false, message: "The lease names someone else." })]));
    expect(await toasts().findByText("Claim rejected")).toBeInTheDocument();
  });

  it("shows a held confirmation's reason and cannot approve a claim about the listing's old address", async () => {
    setup({
      queue: [
        makeTenancy({ stage: "administrator", holdReason: "The two accounts signed in from the same address." }),
        makeTenancy({ id: 12, propertyTitle: "Moved Flat", stage: "administrator", addressNow: "99 New Road, London", documents }),
      ],
    });
    const held = await card("Claim #11: Sunny Flat");
    expect(held.getByText("Held confirmation")).toBeInTheDocument();
    expect(held.getByText("The owner confirmed it. Held: The two accounts signed in from the same address.")).toBeInTheDocument();
    expect(held.getByRole("button", { name: "Approve" })).toBeEnabled();
    const moved = await card("Claim #12: Moved Flat");
    expect(moved.getByText("99 New Road, London")).toBeInTheDocument();
    const approve = moved.getByRole("button", { name: "Approve" });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(/cannot be approved/);
  });

  it("toasts the server's refusal of a decision", async () => {
    const { user } = setup({ queue: [makeTenancy({ stage: "administrator", documents })], failDecide: "This claim was decided already." });
    await user.click((await card("Claim #11: Sunny Flat")).getByRole("button", { name: "Approve" }));
    expect(await toasts().findByText("This claim was decided already.")).toBeInTheDocument();
  });

  it("revokes a verified tenancy by its number with a reason, by keyboard", async () => {
    const { user, revoked } = setup();
    const form = within(await (await section()).findByRole("form", { name: "Revoke a verified tenancy" }));
    await user.click(form.getByRole("button", { name: "Revoke tenancy" }));
    expect(await form.findByText("Enter the tenancy's number, as in the claim's card or the tenant's report")).toBeInTheDocument();
    expect(form.getByText(/Please say why the tenancy is revoked/)).toBeInTheDocument();
    expect(revoked).toEqual([]);
    form.getByLabelText("Tenancy number").focus();
    await user.keyboard("12");
    await user.tab();
    await user.keyboard("The lease was forged.");
    await user.tab();
    expect(form.getByRole("button", { name: "Revoke tenancy" })).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(revoked).toEqual([expect.objectContaining({ id: 12, reason: "The lease was forged." })]));
    expect(await toasts().findByText("Tenancy revoked")).toBeInTheDocument();
    await waitFor(() => expect(form.getByLabelText("Tenancy number")).toHaveValue(""));
  });

  it("shows the server's refusal to revoke beside the form", async () => {
    const { user } = setup({ failRevoke: "Only a verified tenancy can be revoked." });
    const form = within(await (await section()).findByRole("form", { name: "Revoke a verified tenancy" }));
    await user.type(form.getByLabelText("Tenancy number"), "5");
    await user.type(form.getByLabelText("Reason"), "Wrong.");
    await user.click(form.getByRole("button", { name: "Revoke tenancy" }));
    expect(await form.findByRole("alert")).toHaveTextContent("Only a verified tenancy can be revoked.");
  });
});
