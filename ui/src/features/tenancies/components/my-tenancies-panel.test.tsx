import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { FakeUpload, png, stubUploadsInEachTest } from "@/test/fake-upload";
import { makeProperty } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { makeTenancy, serveTenancyFakes, type TenancyFakeOptions } from "../testing";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });
stubUploadsInEachTest();

const tenant = makeUser({ id: 7, username: "dana", firstName: "Dana", lastName: "Whitfield", role: "tenant" });
const landlord = makeUser({ id: 8, username: "lars", firstName: "Lars", lastName: "Lind", role: "landlord" });
const flat = makeProperty({ id: 3, title: "Sunny Flat", address: "12 High Street", city: "London", verified: true });
const cottage = makeProperty({ id: 4, title: "Stone Cottage", address: "1 Mill Lane", city: "York", verified: false });

function setup({ path = "/dashboard?tab=tenancies", viewer = tenant, ...options }: TenancyFakeOptions & { path?: string; viewer?: typeof tenant } = {}) {
  const fakes = serveTenancyFakes({ properties: [flat, cottage], ...options });
  const transport = fakeTransport({ user: viewer, extra: fakes.serve });
  return { ...renderApp({ path, transport }), ...fakes, user: userEvent.setup() };
}

const toasts = () => within(screen.getByRole("region", { name: /Notifications/, hidden: true }));
const panel = async () => within(await screen.findByRole("tabpanel", { name: "My Tenancies" }));
const row = async (title: string) => within((await panel()).getByRole("article", { name: title }));
const openRow = async (title: string) => {
  await (await panel()).findByRole("list", { name: "My tenancies" });
  return row(title);
};

describe("My Tenancies", () => {
  it("is a tab of both dashboards", async () => {
    setup();
    expect(await screen.findByRole("tab", { name: "My Tenancies" })).toHaveAttribute("aria-selected", "true");
  });

  it("is a tab of the landlord's dashboard too", async () => {
    setup({ viewer: landlord });
    expect(await screen.findByRole("tab", { name: "My Tenancies" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Tenancy Claims" })).toBeInTheDocument();
  });

  it("shows a loading state, then says there are none yet", async () => {
    setup();
    expect(await screen.findByRole("status", { name: "Loading your tenancies" })).toBeInTheDocument();
    const p = await panel();
    expect(await p.findByRole("heading", { name: "No tenancies yet" })).toBeInTheDocument();
    expect(p.getByRole("button", { name: "Claim a tenancy" })).toBeInTheDocument();
  });

  it("says the list could not be loaded, with Try Again", async () => {
    setup({ fail: { listMyTenancies: new ConnectError("down", Code.Unavailable) } });
    const p = await panel();
    expect(await p.findByText("Your tenancies could not be loaded.")).toBeInTheDocument();
    expect(p.getByRole("button", { name: /Try Again/i })).toBeInTheDocument();
  });

  it("says each claim's period, status, proof and where it stands", async () => {
    const mine: Tenancy[] = [
      makeTenancy({ id: 1, propertyTitle: "By Landlord", status: "approved", stage: "", proof: "landlord", toMonth: "" }),
      makeTenancy({ id: 2, propertyTitle: "By Documents", status: "approved", stage: "", proof: "documents" }),
      makeTenancy({ id: 3, propertyTitle: "Waiting Landlord" }),
      makeTenancy({ id: 4, propertyTitle: "Owner Declined", stage: "documents", ownerMessage: "I bought it in 2024." }),
      makeTenancy({ id: 5, propertyTitle: "Unverified Place", stage: "documents", propertyVerified: false }),
      makeTenancy({ id: 6, propertyTitle: "Docs Sent", stage: "administrator" }),
      makeTenancy({ id: 7, propertyTitle: "Held", stage: "administrator", holdReason: "Your accounts signed in from the same address." }),
      makeTenancy({ id: 8, propertyTitle: "Rejected Place", status: "rejected", stage: "", responseMessage: "The lease is for another flat." }),
    ];
    setup({ mine });
    const landlordRow = await openRow("By Landlord");
    expect(landlordRow.getByText("Verified · confirmed by the landlord")).toBeInTheDocument();
    expect(landlordRow.getByText(/Mar 2023 – now/)).toBeInTheDocument();
    expect(landlordRow.getByRole("link", { name: "By Landlord" })).toHaveAttribute("href", "/properties/3");
    expect(landlordRow.queryByRole("button", { name: /Upload documents/ })).not.toBeInTheDocument();
    expect(landlordRow.getByRole("button", { name: "Withdraw: By Landlord" })).toBeInTheDocument();

    const documentsRow = await row("By Documents");
    expect(documentsRow.getByText("Verified · documents checked")).toBeInTheDocument();
    expect(documentsRow.getByText(/Mar 2023 – Jan 2025/)).toBeInTheDocument();

    const waiting = await row("Waiting Landlord");
    expect(waiting.getByText("Pending")).toBeInTheDocument();
    expect(waiting.getByText("Waiting for the landlord to confirm (you can send documents instead)")).toBeInTheDocument();
    expect(waiting.getByRole("button", { name: "Upload documents: Waiting Landlord" })).toBeInTheDocument();

    const declined = await row("Owner Declined");
    expect(declined.getByText("Send documents: the landlord could not confirm this stay.")).toBeInTheDocument();
    expect(declined.getByText("The landlord wrote: “I bought it in 2024.”")).toBeInTheDocument();

    expect((await row("Unverified Place")).getByText(/^Send documents: this property is not verified/)).toBeInTheDocument();
    expect((await row("Docs Sent")).getByText("Documents sent: an administrator will check them")).toBeInTheDocument();
    const held = await row("Held");
    expect(held.getByText(/an administrator checks the confirmation/)).toBeInTheDocument();
    expect(held.getByText("Why it waits: Your accounts signed in from the same address.")).toBeInTheDocument();

    const rejected = await row("Rejected Place");
    expect(rejected.getByText("Rejected")).toBeInTheDocument();
    expect(rejected.getByText(/An administrator rejected it: “The lease is for another flat.” You can claim it again/)).toBeInTheDocument();
    expect(rejected.queryByRole("button")).not.toBeInTheDocument();
  });

  it("lists the documents sent, a deleted one by name only", async () => {
    setup({
      mine: [
        makeTenancy({
          stage: "administrator",
          documents: [
            { url: "/api/tenancy-documents/a", fileName: "lease.pdf", contentType: "application/pdf", kind: "lease" },
            { url: "/api/tenancy-documents/b", fileName: "bill.png", contentType: "image/png", kind: "council_tax_bill", deleted: true },
          ],
        }),
      ],
    });
    const r = await openRow("Sunny Flat");
    const docs = within(r.getByRole("list", { name: "Documents sent for Sunny Flat" }));
    expect(docs.getByRole("link", { name: "lease.pdf" })).toHaveAttribute("href", "/api/tenancy-documents/a");
    expect(docs.getByText(/Lease:/)).toBeInTheDocument();
    expect(docs.getByText(/Council tax bill:/)).toBeInTheDocument();
    expect(docs.queryByRole("link", { name: "bill.png" })).not.toBeInTheDocument();
    expect(docs.getByText(/bill\.png \(deleted \d+ days after the decision\)/)).toBeInTheDocument();
  });
});

describe("Upload documents", () => {
  it("asks for the kind and the files first, then sends them with progress", async () => {
    FakeUpload.autoAnswer = false;
    const { user } = setup({ mine: [makeTenancy()] });
    await user.click((await openRow("Sunny Flat")).getByRole("button", { name: "Upload documents: Sunny Flat" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Upload documents" }));
    const form = within(await dialog.findByRole("form", { name: "Upload documents" }));
    await user.click(form.getByRole("button", { name: "Upload documents" }));
    expect(form.getByText("Choose what the documents are")).toBeInTheDocument();
    expect(form.getByText("Please choose the documents that show you lived there")).toBeInTheDocument();
    expect(FakeUpload.sent).toHaveLength(0);

    await user.selectOptions(form.getByLabelText("What are they?"), "Lease");
    await user.upload(form.getByLabelText("Documents"), png("lease.png"));
    expect(within(form.getByRole("list", { name: "Chosen documents" })).getByText("lease.png")).toBeInTheDocument();
    await user.click(form.getByRole("button", { name: "Upload documents" }));

    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const sent = FakeUpload.sent[0];
    expect(sent.url).toBe("/api/tenancies/11/documents");
    expect(sent.body?.get("kind")).toBe("lease");
    expect((sent.body?.getAll("documents") as File[]).map((f) => f.name)).toEqual(["lease.png"]);
    expect([...(sent.body?.keys() ?? [])][0]).toBe("kind");
    sent.progress(5, 10);
    expect(await form.findByRole("progressbar", { name: "Uploading documents" })).toHaveAttribute("value", "0.5");
    sent.answer(200, { success: true });
    expect(await toasts().findByText("Documents sent")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Upload documents" })).not.toBeInTheDocument());
  });

  it("shows the server's refusal beside the form and in a toast", async () => {
    FakeUpload.autoAnswer = false;
    const { user } = setup({ mine: [makeTenancy()] });
    await user.click((await openRow("Sunny Flat")).getByRole("button", { name: "Upload documents: Sunny Flat" }));
    const form = within(await screen.findByRole("form", { name: "Upload documents" }));
    await user.selectOptions(form.getByLabelText("What are they?"), "Rent receipt");
    await user.upload(form.getByLabelText("Documents"), png("receipt.png"));
    await user.click(form.getByRole("button", { name: "Upload documents" }));
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    FakeUpload.sent[0].answer(400, { success: false, message: "This document was already sent with this claim." });
    expect(await form.findByRole("alert")).toHaveTextContent("This document was already sent with this claim.");
    expect(await toasts().findByText("Failed to upload documents")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Upload documents" })).toBeInTheDocument();
    // The first Escape closes the toast (the top layer), the second the dialog.
    await user.keyboard("{Escape}");
    await waitFor(() => expect(toasts().queryByText("Failed to upload documents")).not.toBeInTheDocument());
    expect(screen.getByRole("dialog", { name: "Upload documents" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("Withdraw", () => {
  it("asks first: Keep it changes nothing, Withdraw withdraws and says so", async () => {
    const { user, requests } = setup({ mine: [makeTenancy({ status: "approved", stage: "", proof: "documents" })] });
    const r = await openRow("Sunny Flat");
    await user.click(r.getByRole("button", { name: "Withdraw: Sunny Flat" }));
    const ask = within(await screen.findByRole("alertdialog", { name: "Withdraw this tenancy?" }));
    expect(ask.getByText(/your reviews of it lose their verified label/)).toBeInTheDocument();
    await user.click(ask.getByRole("button", { name: "Keep it" }));
    expect(requests.withdrawn).toEqual([]);

    // By keyboard: the trigger takes focus back; Enter opens, Tab reaches Withdraw.
    expect(r.getByRole("button", { name: "Withdraw: Sunny Flat" })).toHaveFocus();
    await user.keyboard("{Enter}");
    await screen.findByRole("alertdialog", { name: "Withdraw this tenancy?" });
    await user.tab();
    expect(screen.getByRole("button", { name: "Withdraw" })).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(requests.withdrawn).toEqual([11]));
    expect(await toasts().findByText("Tenancy withdrawn")).toBeInTheDocument();
    expect(await (await row("Sunny Flat")).findByText("Withdrawn")).toBeInTheDocument();
  });

  it("toasts the server's refusal", async () => {
    const { user } = setup({ mine: [makeTenancy()], fail: { withdrawTenancy: new ConnectError("This claim was decided already.", Code.FailedPrecondition) } });
    await user.click((await openRow("Sunny Flat")).getByRole("button", { name: "Withdraw: Sunny Flat" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Withdraw" }));
    expect(await toasts().findByText("This claim was decided already.")).toBeInTheDocument();
  });

  it("is not offered once the owner has reviewed the verified tenancy, which says why", async () => {
    setup({ mine: [makeTenancy({ status: "approved", stage: "", proof: "landlord", landlordReviewId: 40 })] });
    const r = await openRow("Sunny Flat");
    expect(r.getByText("The owner has reviewed this tenancy, so it stays verified. If it is wrong, an administrator can revoke it.")).toBeInTheDocument();
    expect(r.queryByRole("button", { name: "Withdraw: Sunny Flat" })).not.toBeInTheDocument();
  });
});

describe("Claim a tenancy", () => {
  it("finds the property by search and files the claim, still living there", async () => {
    const { user, requests } = setup();
    await user.click(await (await panel()).findByRole("button", { name: "Claim a tenancy" }));
    const form = within(await screen.findByRole("form", { name: "Claim a tenancy" }));
    await user.click(form.getByRole("button", { name: "Claim tenancy" }));
    expect(await form.findByText("Choose the property you lived at")).toBeInTheDocument();
    expect(form.getAllByText("Choose a month")).toHaveLength(2);
    expect(requests.claimed).toEqual([]);

    await user.type(form.getByLabelText("Find the property"), "high{Enter}");
    await user.click(await form.findByRole("radio", { name: /Sunny Flat/ }));
    const movedIn = within(form.getByRole("group", { name: "Moved in" }));
    await user.selectOptions(movedIn.getByLabelText("Month"), "March");
    await user.selectOptions(movedIn.getByLabelText("Year"), "2023");
    await user.click(form.getByRole("checkbox", { name: "I still live there" }));
    expect(within(form.getByRole("group", { name: "Moved out" })).queryByLabelText("Month")).not.toBeInTheDocument();
    await user.type(form.getByLabelText(/Message/), "Flat 2, top floor");
    await user.click(form.getByRole("button", { name: "Claim tenancy" }));

    await waitFor(() => expect(requests.claimed).toHaveLength(1));
    expect(requests.claimed[0]).toMatchObject({ propertyId: 3, fromMonth: "2023-03", toMonth: "", message: "Flat 2, top floor" });
    expect(requests.searched).toContain("high");
    expect(await toasts().findByText("Tenancy claimed")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Claim a tenancy" })).not.toBeInTheDocument());
    expect(await (await openRow("Sunny Flat")).findByText("Waiting for the landlord to confirm (you can send documents instead)")).toBeInTheDocument();
  });

  it("refuses a move-out before the move-in, and says when nothing matches", async () => {
    const { user, requests } = setup();
    await user.click(await (await panel()).findByRole("button", { name: "Claim a tenancy" }));
    const form = within(await screen.findByRole("form", { name: "Claim a tenancy" }));
    await user.type(form.getByLabelText("Find the property"), "nowhere{Enter}");
    expect(await form.findByText("No property matches “nowhere”.")).toBeInTheDocument();
    // Enter searched: it did not send the claim.
    expect(requests.claimed).toEqual([]);
    await user.clear(form.getByLabelText("Find the property"));
    await user.type(form.getByLabelText("Find the property"), "york{Enter}");
    await user.click(await form.findByRole("radio", { name: /Stone Cottage/ }));
    const movedIn = within(form.getByRole("group", { name: "Moved in" }));
    await user.selectOptions(movedIn.getByLabelText("Month"), "June");
    await user.selectOptions(movedIn.getByLabelText("Year"), "2022");
    const movedOut = within(form.getByRole("group", { name: "Moved out" }));
    await user.selectOptions(movedOut.getByLabelText("Month"), "May");
    await user.selectOptions(movedOut.getByLabelText("Year"), "2022");
    await user.click(form.getByRole("button", { name: "Claim tenancy" }));
    expect(await form.findByText("You cannot have moved out before you moved in")).toBeInTheDocument();
    expect(requests.claimed).toEqual([]);
    await user.selectOptions(movedOut.getByLabelText("Year"), "2024");
    await user.click(form.getByRole("button", { name: "Claim tenancy" }));
    await waitFor(() => expect(requests.claimed).toHaveLength(1));
    expect(requests.claimed[0]).toMatchObject({ propertyId: 4, fromMonth: "2022-06", toMonth: "2024-05" });
    // At an unverified property the claim goes straight to documents.
    expect(await (await openRow("Stone Cottage")).findByText(/^Send documents: this property is not verified/)).toBeInTheDocument();
  });

  it("opens with the property a link named, shows the server's refusal, and forgets the link once closed", async () => {
    const { user, router } = setup({
      path: "/dashboard?tab=tenancies&claim=3",
      fail: { claimTenancy: new ConnectError("You already have an open claim at this property.", Code.AlreadyExists) },
    });
    const dialog = within(await screen.findByRole("dialog", { name: "Claim a tenancy" }));
    expect(await dialog.findByRole("radio", { name: /Sunny Flat/ })).toBeChecked();
    const movedIn = within(dialog.getByRole("group", { name: "Moved in" }));
    await user.selectOptions(movedIn.getByLabelText("Month"), "January");
    await user.selectOptions(movedIn.getByLabelText("Year"), "2024");
    await user.click(dialog.getByRole("checkbox", { name: "I still live there" }));
    await user.click(dialog.getByRole("button", { name: "Claim tenancy" }));
    expect(await dialog.findByRole("alert")).toHaveTextContent("You already have an open claim at this property.");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.search).toBe("?tab=tenancies");
  });

  it("closes with its Close button too", async () => {
    const { user } = setup({ path: "/dashboard?tab=tenancies&claim=3" });
    const dialog = within(await screen.findByRole("dialog", { name: "Claim a tenancy" }));
    await dialog.findByRole("radio", { name: /Sunny Flat/ });
    await user.click(dialog.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("can be filled in by keyboard alone", async () => {
    const { user, requests } = setup();
    const claim = await (await panel()).findByRole("button", { name: "Claim a tenancy" });
    claim.focus();
    await user.keyboard("{Enter}");
    const form = within(await screen.findByRole("form", { name: "Claim a tenancy" }));
    await waitFor(() => expect(form.getByLabelText("Find the property")).toHaveFocus());
    await user.keyboard("sunny{Enter}");
    await form.findByRole("radio", { name: /Sunny Flat/ });
    await user.tab();
    expect(form.getByRole("radio", { name: /Sunny Flat/ })).toHaveFocus();
    await user.keyboard(" ");
    expect(form.getByRole("radio", { name: /Sunny Flat/ })).toBeChecked();
    await user.tab();
    await user.selectOptions(document.activeElement as HTMLSelectElement, "2");
    await user.tab();
    await user.selectOptions(document.activeElement as HTMLSelectElement, "2021");
    await user.tab();
    expect(form.getByRole("checkbox", { name: "I still live there" })).toHaveFocus();
    await user.keyboard(" ");
    await user.tab();
    expect(form.getByLabelText(/Message/)).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(form.getByRole("button", { name: "Claim tenancy" })).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(requests.claimed).toHaveLength(1));
    expect(requests.claimed[0]).toMatchObject({ propertyId: 3, fromMonth: "2021-02", toMonth: "" });
  });
});
