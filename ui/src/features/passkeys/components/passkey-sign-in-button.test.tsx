import { Code, ConnectError } from "@connectrpc/connect";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { PasskeyService } from "@/gen/rentproof/account/v1/passkey_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { PasskeySignInButton } from "./passkey-sign-in-button";

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock("@simplewebauthn/browser", () => browser);

function renderButton(finish: (credentialJson: string) => User) {
  const signedIn: (User | undefined)[] = [];
  const transport = fakeTransport({
    extra: (router) =>
      router.service(PasskeyService, {
        beginPasskeySignIn: () => ({ optionsJson: JSON.stringify({ challenge: "c2lnbi1pbg", userVerification: "required" }) }),
        finishPasskeySignIn: (req) => ({ user: finish(req.credentialJson) }),
      }),
  });
  renderApp({
    transport,
    routes: [{ path: "/", element: <PasskeySignInButton onSignedIn={(u) => void signedIn.push(u)} /> }],
  });
  return signedIn;
}

describe("PasskeySignInButton", () => {
  beforeEach(() => browser.startAuthentication.mockReset());

  it("signs in with the passkey the browser offers, no username asked", async () => {
    const user = userEvent.setup();
    browser.startAuthentication.mockResolvedValue({ id: "a2V5", type: "public-key" });
    const sent: string[] = [];
    const signedIn = renderButton((json) => {
      sent.push(json);
      return makeUser();
    });
    await user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    await vi.waitFor(() => expect(signedIn.map((u) => u?.username)).toEqual(["dana_whitfield"]));
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: "c2lnbi1pbg", userVerification: "required" } });
    expect(sent).toEqual(['{"id":"a2V5","type":"public-key"}']);
  });

  it("says why a sign-in failed and signs nobody in", async () => {
    const user = userEvent.setup();
    browser.startAuthentication.mockResolvedValue({ id: "a2V5", type: "public-key" });
    const signedIn = renderButton(() => {
      throw new ConnectError("Too many failed attempts. Please try again in 15 minutes.", Code.ResourceExhausted);
    });
    await user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many failed attempts. Please try again in 15 minutes.");
    expect(signedIn).toEqual([]);
  });

});
