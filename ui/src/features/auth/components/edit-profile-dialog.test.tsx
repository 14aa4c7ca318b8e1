import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { makeUser, renderApp } from "@/test/render";
import { useCurrentUser } from "../api/use-current-user";
import { fakeAccounts } from "../testing";
import { EditProfileButton } from "./edit-profile-dialog";

function Greeting() {
  const { user } = useCurrentUser();
  return <p data-testid="greeting">{user ? `${user.firstName} ${user.lastName}` : "signed out"}</p>;
}

async function renderButton() {
  const fake = fakeAccounts({
    signedInAs: makeUser({ firstName: "Ada", lastName: "Lovelace", country: "United Kingdom", language: "en" }),
  });
  renderApp({
    transport: fake.transport,
    routes: [
      {
        path: "/",
        element: (
          <>
            <Greeting />
            <EditProfileButton />
          </>
        ),
      },
    ],
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Edit Profile" }));
  // The form's code arrives when the dialog opens.
  await screen.findByRole("form", { name: "Edit Profile" });
  return { fake, user };
}

describe("EditProfileButton", () => {
  it("opens the form filled with the profile, saves it and shows the new name", async () => {
    const { fake, user } = await renderButton();
    expect(screen.getByLabelText("First Name")).toHaveValue("Ada");
    expect(screen.getByLabelText("Country")).toHaveValue("United Kingdom");
    expect(screen.getByRole("combobox", { name: "Language" })).toHaveValue("en");

    await user.clear(screen.getByLabelText("First Name"));
    await user.type(screen.getByLabelText("First Name"), "  Augusta ");
    await user.type(screen.getByLabelText("Bio (optional)"), "Mathematician");
    expect(screen.getByText("13/500")).toBeInTheDocument();
    await user.type(screen.getByLabelText("City (optional)"), "London");
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "fr");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    const notifications = await screen.findByRole("region", { name: "Notifications (F8)" });
    expect(await within(notifications).findByText("Profile updated")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByTestId("greeting")).toHaveTextContent("Augusta Lovelace");
    expect(fake.requests.updateProfile).toEqual([
      expect.objectContaining({
        firstName: "Augusta",
        lastName: "Lovelace",
        bio: "Mathematician",
        city: "London",
        country: "United Kingdom",
        language: "fr",
      }),
    ]);
  });

  it("says what is wrong with the server's messages and sends nothing", async () => {
    const { fake, user } = await renderButton();
    await user.clear(screen.getByLabelText("First Name"));
    await user.clear(screen.getByLabelText("Country"));
    await user.type(screen.getByLabelText("Country"), "U");
    await user.type(screen.getByLabelText("Bio (optional)"), "x".repeat(501));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(screen.getByLabelText("First Name")).toHaveAccessibleDescription("First name is required");
    expect(screen.getByLabelText("Country")).toHaveAccessibleDescription("Country must be at least 2 characters");
    expect(screen.getByLabelText("Bio (optional)")).toHaveAccessibleDescription("501/500 Bio must be at most 500 characters");
    expect(fake.requests.updateProfile).toHaveLength(0);
  });
});
