import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DocumentService, type SubmitDirectVerificationRequest } from "@/gen/rentproof/admin/v1/admin_pb";
import { makeProperty, servePropertyFakes } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { serveVerificationFakes } from "@/test/verification";

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4_000 });

const owner = makeUser({ id: 2, username: "olive", role: "landlord" });

/** FakeXHR answers the upload path as the server would, reporting progress first. */
class FakeXHR {
  static answer: { status: number; body: unknown } = { status: 200, body: { success: true, files: ["/api/documents/abc"] } };
  static sent: FormData[] = [];
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  statusText = "";
  responseText = "";
  withCredentials = false;
  url = "";
  open(_method: string, url: string) {
    this.url = url;
  }
  send(body: FormData) {
    FakeXHR.sent.push(body);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      setTimeout(() => {
        this.status = FakeXHR.answer.status;
        this.responseText = JSON.stringify(FakeXHR.answer.body);
        this.onload?.();
      }, 20);
    }, 0);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXHR.sent = [];
  FakeXHR.answer = { status: 200, body: { success: true, files: ["/api/documents/abc"] } };
});

function setup(submit: (req: SubmitDirectVerificationRequest) => unknown) {
  vi.stubGlobal("XMLHttpRequest", FakeXHR);
  const property = makeProperty({ id: 1, landlordId: 2, verified: false });
  const fakes = serveVerificationFakes({ verifiers: [], properties: [property], viewer: () => owner });
  const transport = fakeTransport({
    user: owner,
    extra: (router) => {
      servePropertyFakes({ properties: [property], reviews: [] })(router);
      fakes.serve(router);
      router.service(DocumentService, {
        submitDirectVerification(req) {
          submit(req);
          return { requestId: 5, propertyVerified: false, documents: req.documentUrls.length };
        },
      });
    },
  });
  return { ...renderApp({ path: "/properties/1", transport }), user: userEvent.setup() };
}

const toasts = () => within(screen.getByRole("region", { name: /Notifications/, hidden: true }));

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Verify with Documents" }));
  const dialog = await screen.findByRole("dialog", { name: "Verify with Documents" });
  return within(await within(dialog).findByRole("form", { name: "Verify with ownership documents" }));
}

const pdf = () => new File(["%PDF-1.4"], "deed.pdf", { type: "application/pdf" });

describe("the owner's direct verification", () => {
  it("asks for documents, then uploads them and sends them with the notes", async () => {
    const sent: SubmitDirectVerificationRequest[] = [];
    const { user } = setup((req) => sent.push(req));
    const form = await openForm(user);
    await user.click(form.getByRole("button", { name: "Submit Documents" }));
    expect(await form.findByText("Please upload property ownership documents to verify your property")).toBeInTheDocument();

    await user.upload(form.getByLabelText("Ownership documents"), pdf());
    expect(within(form.getByRole("list", { name: "Chosen documents" })).getByText("deed.pdf")).toBeInTheDocument();
    await user.type(form.getByLabelText(/Notes/), "Deed attached");
    await user.click(form.getByRole("button", { name: "Submit Documents" }));
    expect(await screen.findByLabelText("Uploading documents")).toBeInTheDocument();
    expect(await toasts().findByText("Verification Request Submitted")).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ propertyId: 1, documentUrls: ["/api/documents/abc"], notes: "Deed attached" });
    expect(FakeXHR.sent[0].getAll("documents")).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Verify with Documents" })).not.toBeInTheDocument());
  });

  it("refuses notes over 500 characters", async () => {
    const { user } = setup(() => undefined);
    const form = await openForm(user);
    await user.upload(form.getByLabelText("Ownership documents"), pdf());
    const notes = form.getByLabelText(/Notes/);
    await user.click(notes);
    await user.paste("n".repeat(501));
    await user.click(form.getByRole("button", { name: "Submit Documents" }));
    expect(await form.findByText("Notes must be less than 500 characters")).toBeInTheDocument();
    expect(FakeXHR.sent).toHaveLength(0);
  });

  it("says a refused upload in SPEC's words with the server's reason", async () => {
    const { user } = setup(() => undefined);
    FakeXHR.answer = { status: 400, body: { success: false, files: [], message: "deed.pdf is not a JPEG, PNG or WebP image or a PDF." } };
    const form = await openForm(user);
    await user.upload(form.getByLabelText("Ownership documents"), pdf());
    await user.click(form.getByRole("button", { name: "Submit Documents" }));
    expect(await toasts().findByText("Failed to upload ownership documents")).toBeInTheDocument();
    expect(toasts().getByText("deed.pdf is not a JPEG, PNG or WebP image or a PDF.")).toBeInTheDocument();
  });

  it("says a refused request as Verification Failed", async () => {
    const { user } = setup(() => {
      throw new ConnectError("Your documents for this property are already waiting for an administrator's decision.", Code.AlreadyExists);
    });
    const form = await openForm(user);
    await user.upload(form.getByLabelText("Ownership documents"), pdf());
    await user.click(form.getByRole("button", { name: "Submit Documents" }));
    expect(await toasts().findByText("Verification Failed")).toBeInTheDocument();
    expect(
      toasts().getByText("Your documents for this property are already waiting for an administrator's decision."),
    ).toBeInTheDocument();
  });
});
