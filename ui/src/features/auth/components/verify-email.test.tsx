import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AccountEmailService } from "@/gen/rentproof/account/v1/account_email_pb";
import { AccountService, UserSchema, type User } from "@/gen/rentproof/account/v1/account_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

// The banner loads its resend button lazily; loading it here first keeps the tests' waits short.
await import("./resend-verification");

const BANNER = /Please verify your email address/;

/** verifier serves VerifyEmail and ResendVerificationEmail like the server, over one account. */
function verifier(start: User | undefined, opts: { verifyError?: ConnectError; resendLeft?: number } = {}) {
  let user = start;
  let resendLeft = opts.resendLeft ?? 2;
  const calls = { verify: [] as string[], resend: 0 };
  const transport = fakeTransport({
    extra: (router) =>
      router.service(AccountService, { getCurrentUser: () => ({ user }) }).service(AccountEmailService, {
        verifyEmail(req) {
          calls.verify.push(req.token);
          if (opts.verifyError) throw opts.verifyError;
          const already = user?.emailVerified ?? false;
          if (user) user = create(UserSchema, { ...user, emailVerified: true });
          return { alreadyVerified: already };
        },
        resendVerificationEmail() {
          calls.resend++;
          if (resendLeft-- <= 0) {
            throw new ConnectError(
              "We have already sent 3 verification emails to this address in the last hour. Please check your inbox and spam folder, or try again in an hour.",
              Code.ResourceExhausted,
            );
          }
          return { email: user?.email ?? "" };
        },
      }),
  });
  return { transport, calls };
}

describe("VerifyEmailBanner", () => {
  it("asks a member whose address is not verified, resends, and says when the cap is reached", async () => {
    const { transport, calls } = verifier(makeUser({ emailVerified: false }), { resendLeft: 1 });
    renderApp({ path: "/about", transport });

    // The page and the banner's chunk load in turn: allow for a busy machine.
    const banner = await screen.findByRole("region", { name: "Email verification" }, { timeout: 12_000 });
    expect(banner).toHaveTextContent(BANNER);
    expect(banner).toHaveTextContent("dana.whitfield@example.com");

    // The banner is whole at once; its button works once its chunk is in (disabled until then).
    await waitFor(() => expect(screen.getByRole("button", { name: "Resend the email" })).toBeEnabled());
    const resend = screen.getByRole("button", { name: "Resend the email" });
    await userEvent.click(resend);
    expect(await screen.findByText("We sent a new link to dana.whitfield@example.com. It works for 48 hours.")).toBeInTheDocument();
    await userEvent.click(resend);
    expect(await screen.findByText(/We have already sent 3 verification emails/)).toBeInTheDocument();
    expect(calls.resend).toBe(2);
  });

  it("is not shown to verified members nor to visitors", async () => {
    renderApp({ path: "/about", transport: verifier(makeUser({ emailVerified: true })).transport });
    expect(await screen.findByRole("button", { name: /Dana/ })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Email verification" })).not.toBeInTheDocument();

    renderApp({ path: "/about", transport: verifier(undefined).transport });
    await screen.findAllByRole("link", { name: "Sign In" });
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });
});

describe("VerifyEmailPage", () => {
  it("verifies the link's token once, says so, and the banner goes", async () => {
    const { transport, calls } = verifier(makeUser({ emailVerified: false }));
    renderApp({ path: "/verify-email?token=abc.def", transport });

    expect(await screen.findByRole("heading", { name: "Your email address is verified" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Email verification" })).not.toBeInTheDocument());
    expect(calls.verify).toEqual(["abc.def"]);
    expect(screen.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/dashboard");
  });

  it("asks who is signed in again when its first answer was read before the address was verified", async () => {
    let user = makeUser({ emailVerified: false });
    let answerFirst: () => void = () => {};
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    let asked = 0;
    const transport = fakeTransport({
      extra: (router) =>
        router
          .service(AccountService, {
            async getCurrentUser() {
              const seen = user; // read now, answered later: as a busy server and browser may
              if (asked++ === 0) await firstAnswered;
              return { user: seen };
            },
          })
          .service(AccountEmailService, {
            verifyEmail() {
              user = create(UserSchema, { ...user, emailVerified: true });
              setTimeout(answerFirst, 0); // the stale first answer arrives after the verification
              return { alreadyVerified: false };
            },
          }),
    });
    renderApp({ path: "/verify-email?token=abc.def", transport });
    expect(await screen.findByRole("heading", { name: "Your email address is verified" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Email verification" })).not.toBeInTheDocument());
    expect(asked).toBeGreaterThan(1);
  });

  it("verifies signed out and offers to sign in", async () => {
    const { transport } = verifier(undefined);
    renderApp({ path: "/verify-email?token=abc.def", transport });
    expect(await screen.findByRole("heading", { name: "Your email address is verified" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth");
  });

  it("shows the server's reason when a link fails", async () => {
    const expired = new ConnectError(
      'This verification link has expired. Please sign in and choose "Resend the email" to get a new one.',
      Code.FailedPrecondition,
    );
    renderApp({ path: "/verify-email?token=old", transport: verifier(undefined, { verifyError: expired }).transport });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We could not verify your email address");
    expect(alert).toHaveTextContent("This verification link has expired.");
  });

  it("explains a link without a token and sends nothing", async () => {
    const { transport, calls } = verifier(undefined);
    renderApp({ path: "/verify-email", transport });
    expect(await screen.findByRole("heading", { name: "This verification link is incomplete" })).toBeInTheDocument();
    expect(calls.verify).toEqual([]);
  });
});
