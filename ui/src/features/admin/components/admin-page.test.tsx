import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AdminService,
  QueueItemSchema,
  type DecideRequestRequest,
  type QueueItem,
} from "@/gen/rentproof/admin/v1/admin_pb";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { ModerationService } from "@/gen/rentproof/admin/v1/moderation_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

vi.setConfig({ testTimeout: 30_000 });
const toasts = () => within(screen.getByRole("region", { name: /Notifications/, hidden: true }));
configure({ asyncUtilTimeout: 4_000 });

const admin = makeUser({ id: 1, username: "ada", role: "admin" });
const landlord = makeUser({ id: 2, username: "olive", role: "landlord" });

function item(): QueueItem {
  return create(QueueItemSchema, {
    kind: "documents",
    requestId: 7,
    propertyId: 3,
    propertyTitle: "Sunny Flat",
    ownerUsername: "olive",
    message: "Deed attached",
    status: "pending",
    createdAt: timestampFromDate(new Date("2026-11-20T10:00:00Z")),
    documents: [{ url: "/api/documents/abc", fileName: "deed.pdf", contentType: "application/pdf", bytes: 10 }],
  });
}

function setup(viewer: User | undefined, propertyVerified = true) {
  let queue = [item()];
  const decided: DecideRequestRequest[] = [];
  const transport = fakeTransport({
    user: viewer,
    extra: (router) => {
      router.service(AdminService, {
        listQueue: () => ({ items: queue, hasMore: false }),
        listDecisions: () => ({ decisions: [], hasMore: false }),
        decideRequest: (req) => {
          decided.push(req);
          queue = [];
          return { decision: { id: 1, decision: req.decision, adminUsername: "ada", message: req.message }, propertyVerified };
        },
      });
      router.service(ModerationService, {
        listReportedReviews: () => ({ reviews: [] }),
        listVerifiedProperties: () => ({ properties: [], hasMore: false }),
      });
    },
  });
  return { ...renderApp({ path: "/admin", transport }), decided, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

describe("/admin", () => {
  it.each([
    ["a landlord", landlord],
    ["a visitor", undefined],
  ])("is the not-found screen for %s", async (_who, viewer) => {
    setup(viewer);
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Administration" })).not.toBeInTheDocument();
  });

  it("lists the queue, opens a document in place and approves with a message", async () => {
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      return new Response("%PDF-1.4", { status: 200, headers: { "Content-Type": "application/pdf" } });
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:deed", revokeObjectURL: () => undefined }));
    const { user, decided } = setup(admin);
    const card = within(await screen.findByRole("article", { name: "Sunny Flat" }));
    expect(card.getByText("Ownership documents")).toBeInTheDocument();
    expect(card.getByText("“Deed attached”")).toBeInTheDocument();
    await user.click(card.getByRole("button", { name: "Open deed.pdf" }));
    expect(await card.findByTitle("deed.pdf")).toHaveAttribute("src", "blob:deed");
    expect(fetched).toEqual(["/api/documents/abc"]);
    await user.type(card.getByLabelText("Message to the owner"), "Deed matches");
    await user.click(card.getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(decided).toEqual([expect.objectContaining({ requestId: 7, decision: "approve", message: "Deed matches" })]));
    expect(await screen.findByText("Nothing is waiting for an administrator.")).toBeInTheDocument();
    expect(await toasts().findByText("Property Verified")).toBeInTheDocument();
  });

  it("claims no verification an approval did not grant (the listing was verified already)", async () => {
    const { user } = setup(admin, false);
    const card = within(await screen.findByRole("article", { name: "Sunny Flat" }));
    await user.click(card.getByRole("button", { name: "Approve" }));
    expect(await toasts().findByText("The request was approved.")).toBeInTheDocument();
    expect(toasts().queryByText("Property Verified")).not.toBeInTheDocument();
  });
});
