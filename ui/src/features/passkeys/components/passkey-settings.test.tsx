import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PasskeySchema, PasskeyService, type Passkey } from "@/gen/rentproof/account/v1/passkey_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { PROMPT_CLOSED } from "@/components/passkey-confirm/ceremony";
import { CONFIRM_WINDOW_MS } from "@/components/passkey-confirm/passkey-confirm";
import { PasskeySettings } from "./passkey-settings";

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock("@simplewebauthn/browser", () => browser);

function makePasskey(id: number, name: string, used = false): Passkey {
  return create(PasskeySchema, {
    id: BigInt(id),
    name,
    createdAt: timestampFromDate(new Date("2026-11-20T10:00:00Z")),
    lastUsedAt: used ? timestampFromDate(new Date("2026-11-25T10:00:00Z")) : undefined,
  });
}

/** renderSettings serves PasskeyService from memory: the password is "s3cret-pass". */
function renderSettings(initial: Passkey[] = []) {
  let passkeys = [...initial];
  let required = false;
  let confirmed = false;
  const calls: string[] = [];
  const checkIdentity = (password: string) => {
    if (password === "" && !confirmed) throw new ConnectError("Please enter your current password", Code.InvalidArgument);
    if (password !== "" && password !== "s3cret-pass") throw new ConnectError("Your password is incorrect", Code.InvalidArgument);
  };
  const transport = fakeTransport({
    user: makeUser(),
    extra: (router) =>
      router.service(PasskeyService, {
        listPasskeys: () => ({ passkeys, required }),
        beginPasskeyRegistration(req) {
          calls.push("beginRegistration");
          checkIdentity(req.password);
          return { optionsJson: JSON.stringify({ challenge: "cmVnaXN0ZXI", rp: { id: "localhost", name: "RentProof" } }) };
        },
        finishPasskeyRegistration(req) {
          calls.push(`finishRegistration ${req.credentialJson}`);
          const p = makePasskey(passkeys.length + 1, req.name);
          passkeys = [...passkeys, p];
          return { passkey: p };
        },
        renamePasskey(req) {
          passkeys = passkeys.map((p) => (p.id === req.id ? create(PasskeySchema, { ...p, name: req.name }) : p));
          return { passkey: passkeys.find((p) => p.id === req.id) };
        },
        deletePasskey(req) {
          checkIdentity(req.password);
          passkeys = passkeys.filter((p) => p.id !== req.id);
          return {};
        },
        beginPasskeyConfirmation() {
          return { optionsJson: JSON.stringify({ challenge: "Y29uZmlybQ", userVerification: "required" }) };
        },
        finishPasskeyConfirmation() {
          confirmed = true;
          return {};
        },
        setPasskeyRequired(req) {
          checkIdentity(req.password);
          required = req.required;
          return {};
        },
      }),
  });
  renderApp({ transport, routes: [{ path: "/", element: <PasskeySettings /> }] });
  return { calls, passkeys: () => passkeys };
}

describe("PasskeySettings", () => {
  beforeEach(() => {
    browser.startRegistration.mockReset();
    browser.startAuthentication.mockReset();
  });

  it("adds a passkey with the current password, through the browser's prompt", async () => {
    const user = userEvent.setup();
    browser.startRegistration.mockResolvedValue({ id: "bmV3", type: "public-key" });
    const { calls } = renderSettings();
    expect(await screen.findByText("You have no passkeys yet.")).toBeInTheDocument();
    // Without a passkey there is nothing to confirm with.
    expect(screen.queryByRole("button", { name: "Use a passkey instead" })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText("Current password"), "s3cret-pass");
    await user.type(screen.getByLabelText("Passkey name"), "Work laptop");
    await user.click(screen.getByRole("button", { name: "Add a passkey" }));

    expect(await screen.findByText("Work laptop")).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({
      optionsJSON: { challenge: "cmVnaXN0ZXI", rp: { id: "localhost", name: "RentProof" } },
    });
    expect(calls).toEqual(["beginRegistration", 'finishRegistration {"id":"bmV3","type":"public-key"}']);
    expect(screen.getByText(/Never used/)).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveValue("");
  });

  it("says what the server refused, and that a closed prompt changed nothing", async () => {
    const user = userEvent.setup();
    renderSettings();
    await user.type(await screen.findByLabelText("Passkey name"), "Phone");
    await user.type(screen.getByLabelText("Current password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Add a passkey" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your password is incorrect");
    expect(browser.startRegistration).not.toHaveBeenCalled();

    browser.startRegistration.mockImplementation(() => Promise.reject(new DOMException("cancelled", "NotAllowedError")));
    await user.clear(screen.getByLabelText("Current password"));
    await user.type(screen.getByLabelText("Current password"), "s3cret-pass");
    await user.click(screen.getByRole("button", { name: "Add a passkey" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(PROMPT_CLOSED));
  });

  it("renames a passkey, and removes one after confirming with a passkey instead of the password", async () => {
    const user = userEvent.setup();
    browser.startAuthentication.mockResolvedValue({ id: "a2V5", type: "public-key" });
    const { passkeys } = renderSettings([makePasskey(1, "Laptop", true), makePasskey(2, "Phone")]);

    await user.click(await screen.findByRole("button", { name: "Rename Laptop" }));
    const form = screen.getByRole("form", { name: "Rename Laptop" });
    await user.clear(within(form).getByLabelText("New name"));
    await user.type(within(form).getByLabelText("New name"), "Old laptop");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Old laptop")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Use a passkey instead" }));
    expect(await screen.findByText(/Confirmed with your passkey/)).toBeInTheDocument();
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: "Y29uZmlybQ", userVerification: "required" } });

    await user.click(screen.getByRole("button", { name: "Remove Phone" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove Phone?" });
    await user.click(within(dialog).getByRole("button", { name: "Remove passkey" }));
    await waitFor(() => expect(screen.queryByText("Phone")).not.toBeInTheDocument());
    expect(passkeys().map((p) => p.name)).toEqual(["Old laptop"]);
  });

  it("says when the passkey confirmation's five minutes are up", async () => {
    // Only the timers are fake (and run on with real time), so the page's own waits still work.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      browser.startAuthentication.mockResolvedValue({ id: "a2V5", type: "public-key" });
      renderSettings([makePasskey(1, "Laptop", true)]);
      await user.click(await screen.findByRole("button", { name: "Use a passkey instead" }));
      expect(await screen.findByText(/Confirmed with your passkey/)).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(CONFIRM_WINDOW_MS - 1_000));
      expect(screen.getByRole("status")).toHaveTextContent("Confirmed with your passkey");
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(screen.getByRole("status")).toHaveTextContent(
        "Your passkey confirmation has ended: enter your password, or confirm with your passkey again.",
      );
      await user.click(screen.getByRole("button", { name: "Use a passkey instead" }));
      expect(await screen.findByText(/Confirmed with your passkey/)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("turns on Require a passkey with the password", async () => {
    const user = userEvent.setup();
    renderSettings([makePasskey(1, "Laptop")]);
    const toggle = await screen.findByRole("switch", { name: "Require a passkey" });
    expect(toggle).not.toBeChecked();
    await user.type(screen.getByLabelText("Current password"), "s3cret-pass");
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole("switch", { name: "Require a passkey" })).toBeChecked());
  });

  it("offers no requirement before there is a passkey", async () => {
    renderSettings();
    expect(await screen.findByRole("switch", { name: "Require a passkey" })).toBeDisabled();
  });
});
