import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { useQuery } from "@connectrpc/connect-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AccountEmailService, type ChangeEmailRequest } from "@/gen/rentproof/account/v1/account_email_pb";
import { AccountService, UserSchema } from "@/gen/rentproof/account/v1/account_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";
import { useCurrentUser } from "../api/use-current-user";
import { ChangeEmailButton } from "./change-email-dialog";

function Shown() {
  const { user } = useCurrentUser();
  const unread = useQuery(AccountService.method.getCurrentUser, {}).data?.unreadNotifications;
  return (
    <p data-testid="shown">
      {user ? `${user.email} ${user.emailVerified ? "verified" : "unverified"}, ${unread} unread` : ""}
    </p>
  );
}

/** renderButton renders the button for a member with 3 unread notifications; after a change, asking who is signed in waits for hold. */
function renderButton(hold: Promise<void> = Promise.resolve()) {
  let user = makeUser({ emailVerified: true });
  const sent: ChangeEmailRequest[] = [];
  const transport = fakeTransport({
    extra: (router) =>
      router
        .service(AccountService, {
          async getCurrentUser() {
            if (sent.length > 0) await hold;
            return { user, unreadNotifications: 3 };
          },
        })
        .service(AccountEmailService, {
        changeEmail(req) {
          sent.push(req);
          if (req.password !== "s3cret-pass") throw new ConnectError("Your password is incorrect", Code.InvalidArgument);
          user = create(UserSchema, { ...user, email: req.email, emailVerified: false });
          return { user };
        },
      }),
  });
  renderApp({
    transport,
    routes: [
      {
        path: "/",
        element: (
          <>
            <Shown />
            <ChangeEmailButton />
          </>
        ),
      },
    ],
  });
  return { sent };
}

/** changeEmail changes the address to new.home@example.com with the right password. */
async function changeEmail() {
  const u = userEvent.setup();
  await u.click(await screen.findByRole("button", { name: "Change Email" }));
  const dialog = await screen.findByRole("dialog", { name: "Change Email" });
  await within(dialog).findByRole("form", { name: "Change Email" });
  await u.type(within(dialog).getByLabelText("New Email"), "new.home@example.com");
  await u.type(within(dialog).getByLabelText("Current Password"), "s3cret-pass");
  await u.click(within(dialog).getByRole("button", { name: "Change Email" }));
}

describe("ChangeEmailButton", () => {
  it("checks the form and says the server's refusal", async () => {
    const { sent } = renderButton();
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: "Change Email" }));
    const dialog = await screen.findByRole("dialog", { name: "Change Email" });
    // The form's code arrives when the dialog opens.
    await within(dialog).findByRole("form", { name: "Change Email" });

    await u.click(within(dialog).getByRole("button", { name: "Change Email" }));
    expect(await within(dialog).findByLabelText("New Email")).toHaveAccessibleDescription("Required");
    expect(sent).toHaveLength(0);

    await u.type(within(dialog).getByLabelText("New Email"), "new.home@example.com");
    await u.type(within(dialog).getByLabelText("Current Password"), "wrong");
    await u.click(within(dialog).getByRole("button", { name: "Change Email" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Your password is incorrect");

  });

  it("changes the address, closes, and the new address is unverified", async () => {
    const { sent } = renderButton();
    await changeEmail();
    expect(await screen.findByText("new.home@example.com unverified, 3 unread")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Change Email" })).not.toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ email: "new.home@example.com", password: "s3cret-pass" });
  });

  it("keeps the bell's count while it asks again who is signed in", async () => {
    let release = () => {};
    renderButton(new Promise<void>((resolve) => (release = resolve)));
    expect(await screen.findByText(/verified, 3 unread/)).toBeInTheDocument();
    await changeEmail();
    // The new address shows from the change's own answer; the count is not reset meanwhile.
    expect(await screen.findByText("new.home@example.com unverified, 3 unread")).toBeInTheDocument();
    release();
  });
});
