import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { UpdatePropertyRequest } from "@/gen/rentproof/property/v1/property_pb";
import { png, stubUploadsInEachTest } from "@/test/fake-upload";
import { makeProperty, servePropertyFakes } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4_000 });
stubUploadsInEachTest();

const LISTING = makeProperty({
  id: 5,
  landlordId: 42,
  title: "Sunny loft by the river",
  description: "A bright loft with tall windows and a quiet courtyard.",
  propertyType: "loft",
  monthlyRent: 2400,
  currency: "USD",
  address: "12 River Road",
  city: "Austin",
  country: "United States",
  bedrooms: 2,
  bathrooms: 1,
  squareFeet: 900,
  areaUnit: "sqft",
  amenities: ["Parking"],
  images: ["/images/demo/a.svg", "/uploads/properties/b.png"],
  verified: true,
  timeZone: "America/Chicago",
});

let updates: UpdatePropertyRequest[] = [];

function setup({
  userId = 42,
  verificationRemoved = false,
  failWith,
}: { userId?: number; verificationRemoved?: boolean; failWith?: ConnectError } = {}) {
  updates = [];
  const transport = fakeTransport({
    user: makeUser({ id: userId, role: "landlord" }),
    extra: servePropertyFakes({
      properties: [LISTING],
      onUpdate: (req) => {
        updates.push(req);
        if (failWith) throw failWith;
        return { property: makeProperty({ ...req.listing, id: req.id }), verificationRemoved };
      },
    }),
  });
  return { ...renderApp({ path: "/properties/5/edit", transport }), user: userEvent.setup({ delay: null }) };
}

function toasts() {
  return within(screen.getByRole("region", { name: /Notifications/ }));
}

function chosen() {
  return within(screen.getByRole("list", { name: "Chosen images" }));
}

describe("EditPropertyPage", () => {
  it("opens the form filled with the listing and its images", async () => {
    setup();
    expect(await screen.findByRole("form", { name: "Edit property" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Edit Property" })).toBeInTheDocument();
    expect(screen.getByLabelText("Property Title")).toHaveValue("Sunny loft by the river");
    expect(screen.getByLabelText("Monthly Rent")).toHaveValue(2400);
    expect(screen.getByLabelText("Property Type")).toHaveValue("loft");
    expect(screen.getByLabelText("Bedrooms")).toHaveValue(2);
    expect(screen.getByLabelText("Time zone")).toHaveValue("America/Chicago");
    expect(screen.getByRole("checkbox", { name: "Parking" })).toBeChecked();
    expect(chosen().getAllByRole("listitem").map((i) => i.getAttribute("aria-label"))).toEqual([
      "Image 1: current image 1",
      "Image 2: current image 2",
    ]);
  });

  it("saves the change, images removed, reordered by keyboard and added, then shows the property", async () => {
    const { user, router } = setup();
    await screen.findByRole("form", { name: "Edit property" });
    await user.clear(screen.getByLabelText("Monthly Rent"));
    await user.type(screen.getByLabelText("Monthly Rent"), "2650");
    await user.upload(screen.getByLabelText("Choose images"), [png("c.png")]);
    await toasts().findByText("Upload successful");
    // The new image becomes the cover with the keyboard alone: its "earlier" button, Enter twice;
    // at the front that button is disabled and the focus moves to "later".
    chosen().getByRole("button", { name: "Move c.png earlier" }).focus();
    await user.keyboard("{Enter}");
    expect(chosen().getByRole("button", { name: "Move c.png earlier" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(chosen().getByRole("button", { name: "Move c.png earlier" })).toBeDisabled();
    expect(chosen().getByRole("button", { name: "Move c.png later" })).toHaveFocus();
    expect(chosen().getAllByRole("listitem")[0]).toHaveAccessibleName("Image 1: c.png");
    await user.click(chosen().getByRole("button", { name: "Remove current image 1" }));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/properties/5"));
    expect(toasts().getByText("Property Updated")).toBeInTheDocument();
    expect(toasts().queryByText("Verification Removed")).not.toBeInTheDocument();
    expect(updates).toHaveLength(1);
    expect(updates[0].id).toBe(5);
    expect(updates[0].listing).toMatchObject({
      title: "Sunny loft by the river",
      monthlyRent: 2650,
      address: "12 River Road",
      timeZone: "America/Chicago",
      amenities: ["Parking"],
      images: ["/uploads/properties/img-1.png", "/uploads/properties/b.png"],
    });
  });

  it("says the listing is no longer verified when the address change withdrew its verification", async () => {
    const { user, router } = setup({ verificationRemoved: true });
    await screen.findByRole("form", { name: "Edit property" });
    await user.clear(screen.getByLabelText("Street Address"));
    await user.type(screen.getByLabelText("Street Address"), "7 New Road");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/properties/5"));
    expect(toasts().getByText("Verification Removed")).toBeInTheDocument();
    expect(toasts().getByText(/no longer verified because its address changed/)).toBeInTheDocument();
  });

  it("judges the form as the add page does", async () => {
    const { user } = setup();
    await screen.findByRole("form", { name: "Edit property" });
    await user.clear(screen.getByLabelText("Monthly Rent"));
    await user.type(screen.getByLabelText("Monthly Rent"), "0");
    await user.click(chosen().getByRole("button", { name: "Remove current image 1" }));
    await user.click(chosen().getByRole("button", { name: "Remove current image 2" }));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(screen.getByLabelText("Monthly Rent")).toHaveAccessibleDescription("Rent must be greater than 0");
    expect(await toasts().findByText("Images Required")).toBeInTheDocument();
    expect(updates).toHaveLength(0);
  });

  it("tells someone other than the landlord that they can only edit their own listings", async () => {
    setup({ userId: 7 });
    expect(await screen.findByRole("heading", { name: "You can only edit your own listings" })).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Edit property" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View Property" })).toHaveAttribute("href", "/properties/5");
  });

  it("shows the same state when the server refuses the save", async () => {
    const { user } = setup({ failWith: new ConnectError("You can only edit your own listings", Code.PermissionDenied) });
    await screen.findByRole("form", { name: "Edit property" });
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("heading", { name: "You can only edit your own listings" })).toBeInTheDocument();
  });

  it("says Error Updating Property with the server's message", async () => {
    const { user, router } = setup({ failWith: new ConnectError("City is required", Code.InvalidArgument) });
    await screen.findByRole("form", { name: "Edit property" });
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await toasts().findByText("Error Updating Property")).toBeInTheDocument();
    expect(toasts().getByText("City is required")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/properties/5/edit");
  });

  it("goes back to the dashboard on Cancel", async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole("link", { name: "Cancel" }));
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("says Property Not Found for a listing that is not there", async () => {
    renderApp({ path: "/properties/999/edit", transport: fakeTransport({ user: makeUser(), extra: servePropertyFakes() }) });
    expect(await screen.findByText("Property Not Found")).toBeInTheDocument();
  });
});
