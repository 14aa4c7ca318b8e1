import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AccountService } from "@/gen/rentproof/account/v1/account_pb";
import { AccountClosureService, type DeleteAccountRequest } from "@/gen/rentproof/account/v1/account_closure_pb";
import { makeUser, renderApp } from "@/test/render";
import { createRouterTransport } from "@connectrpc/connect";

vi.setConfig({ testTimeout: 30_000 });
const SLOW = { timeout: 15_000 };

/** setup serves /settings to Dana (username "dana"); the first deletion fails with failFirst when given. */
function setup(failFirst?: ConnectError) {
  const sent: DeleteAccountRequest[] = [];
  let user: ReturnType<typeof makeUser> | undefined = makeUser({ username: "dana" });
  let fail = failFirst;
  const transport = createRouterTransport((router) => {
    router.service(AccountService, { getCurrentUser: () => ({ user }) });
    router.service(AccountClosureService, {
      deleteAccount(req) {
        sent.push(req);
        if (fail) {
          const f = fail;
          fail = undefined;
          throw f;
        }
        user = undefined;
        return {};
      },
    });
  });
  const app = renderApp({ path: "/settings", transport });
  return { ...app, sent, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  const section = await screen.findByRole("region", { name: "Delete account" }, SLOW);
  expect(section).toHaveTextContent("Your reviews stay without your name unless you choose to delete them too.");
  await user.click(within(section).getByRole("button", { name: "Delete account" }));
  return screen.findByRole("dialog", { name: "Delete account" });
}

describe("/settings › Delete account", () => {
  it("asks for the username typed exactly and the password before sending anything", async () => {
    const { sent, user } = setup();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await within(dialog).findByText("Type your username exactly as it is to confirm")).toBeInTheDocument();
    expect(within(dialog).getByText("Please enter your current password")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Type your username (dana) to confirm"), "dan");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(within(dialog).getByText("Type your username exactly as it is to confirm")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("deletes with the reviews when asked, signs out and leaves the page", async () => {
    const { sent, user, router } = setup();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText("Type your username (dana) to confirm"), "Dana");
    await user.type(within(dialog).getByLabelText("Current Password"), "s3cret-pass");
    const reviews = within(dialog).getByRole("checkbox", { name: "Also delete my reviews" });
    expect(reviews).toHaveAccessibleDescription(/shown as written by "Anonymous User"/);
    await user.click(reviews);
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    // Signed out: the protected page is left (for home, or the sign-in page once the session reads empty).
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/settings"));
    expect(sent).toEqual([expect.objectContaining({ username: "Dana", password: "s3cret-pass", deleteReviews: true })]);
    expect(await screen.findByText("Your account was deleted", {}, SLOW)).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    const { sent, user } = setup(
      new ConnectError("You are the last administrator, so your account cannot be deleted.", Code.FailedPrecondition),
    );
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText("Type your username (dana) to confirm"), "dana");
    await user.type(within(dialog).getByLabelText("Current Password"), "s3cret-pass");
    await user.keyboard("{Enter}");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You are the last administrator");
    expect(sent[0]?.deleteReviews).toBe(false);
  });
});
