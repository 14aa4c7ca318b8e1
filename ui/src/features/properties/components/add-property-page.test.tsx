import { Code, ConnectError } from "@connectrpc/connect";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CreatePropertyRequest } from "@/gen/rentproof/property/v1/property_pb";
import { makeProperty, servePropertyFakes } from "@/test/properties";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

// These tests drive whole pages through fake services; give them room on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4_000 });

let created: CreatePropertyRequest[] = [];

function setup({ role = "landlord", failWith }: { role?: string; failWith?: ConnectError } = {}) {
  created = [];
  const transport = fakeTransport({
    user: makeUser({ role }),
    extra: servePropertyFakes({
      onCreate: (req) => {
        created.push(req);
        if (failWith) throw failWith;
        return makeProperty({ id: 77, title: req.title });
      },
    }),
  });
  return { ...renderApp({ path: "/add-property", transport }), user: userEvent.setup({ delay: null }) };
}

function png(name: string) {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });
}

function toasts() {
  return within(screen.getByRole("region", { name: /Notifications/ }));
}

async function fillValidForm(user: UserEvent) {
  await user.type(screen.getByLabelText("Property Title"), "Sunny loft by the river");
  await user.type(screen.getByLabelText("Description"), "A bright loft with tall windows and a quiet courtyard.");
  await user.selectOptions(screen.getByLabelText("Property Type"), "loft");
  await user.type(screen.getByLabelText("Monthly Rent"), "2400");
  await user.type(screen.getByLabelText("Street Address"), "12 River Road");
  await user.type(screen.getByLabelText("City"), "Austin");
  await user.type(screen.getByLabelText("Area Size"), "900");
  await user.click(screen.getByRole("checkbox", { name: "Energy efficient" }));
  await user.click(screen.getByRole("checkbox", { name: "Pets allowed" }));
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  let n = 0;
  fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const files = (init.body as FormData).getAll("images");
    const urls = files.map(() => `/uploads/properties/img-${++n}.png`);
    return new Response(JSON.stringify({ success: true, files: urls }), { status: 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AddPropertyPage", () => {
  it("tells a tenant that only landlords, agents and property managers can list", async () => {
    setup({ role: "tenant" });
    expect(await screen.findByRole("heading", { level: 1, name: "Add Property" })).toBeInTheDocument();
    expect(
      screen.getByText(/Only landlords, agents and property managers can list properties on RentProof/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Add property" })).not.toBeInTheDocument();
  });

  it("has the five sections, every field and SPEC's defaults", async () => {
    setup();
    const form = await screen.findByRole("form", { name: "Add property" });
    const sections = within(form)
      .getAllByRole("group")
      .map((g) => g.querySelector("legend")?.textContent);
    expect(sections).toEqual(["Basic Information", "Location", "Property Details", "Amenities", "Images"]);
    expect(screen.getByLabelText("Country")).toHaveValue("United States");
    expect(screen.getByLabelText("Currency")).toHaveValue("USD");
    expect(within(screen.getByLabelText("Currency")).getAllByRole("option")).toHaveLength(30);
    expect(screen.getByLabelText("Area Unit")).toHaveValue("sqft");
    expect(screen.getByLabelText("Bedrooms")).toHaveValue(1);
    expect(screen.getByLabelText("Bathrooms")).toHaveValue(1);
    expect(within(screen.getByLabelText("Property Type")).getAllByRole("option")).toHaveLength(15);
    expect(within(form).getAllByRole("checkbox")).toHaveLength(17 + 2);
    for (const label of ["Neighborhood (optional)", "State / Province (optional)", "ZIP / Postal Code (optional)", "Latitude (optional)", "Longitude (optional)", "Year Built (optional)"]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it("shows SPEC's messages and focuses the first invalid field", async () => {
    const { user } = setup();
    await screen.findByRole("form", { name: "Add property" });
    await user.clear(screen.getByLabelText("Country"));
    await user.type(screen.getByLabelText("Country"), "U");
    await user.type(screen.getByLabelText("Monthly Rent"), "0");
    await user.type(screen.getByLabelText("Area Size"), "0");
    await user.type(screen.getByLabelText("Year Built (optional)"), "1400");
    await user.click(screen.getByRole("button", { name: "Add Property" }));

    expect(screen.getByText("Country must be at least 2 characters")).toBeInTheDocument();
    expect(screen.getByText("Rent must be greater than 0")).toBeInTheDocument();
    expect(screen.getByText("Square footage must be greater than 0")).toBeInTheDocument();
    expect(screen.getByText("Year must be valid")).toBeInTheDocument();
    expect(screen.getByLabelText("Property Title")).toHaveFocus();
    expect(screen.getByLabelText("Monthly Rent")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Monthly Rent")).toHaveAccessibleDescription("Rent must be greater than 0");

    await user.clear(screen.getByLabelText("Year Built (optional)"));
    await user.type(screen.getByLabelText("Year Built (optional)"), String(new Date().getFullYear() + 1));
    await user.click(screen.getByRole("button", { name: "Add Property" }));
    expect(screen.getByText("Year cannot be in the future")).toBeInTheDocument();
    expect(created).toHaveLength(0);
  });

  it("asks for images before listing", async () => {
    const { user } = setup();
    await screen.findByRole("form", { name: "Add property" });
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Add Property" }));
    expect(toasts().getByText("Images Required")).toBeInTheDocument();
    expect(toasts().getByText("Please upload at least one image of your property.")).toBeInTheDocument();
    expect(created).toHaveLength(0);
  });

  it("keeps chosen images pending until Upload, and refuses more than 5 in all", async () => {
    const { user } = setup();
    await screen.findByRole("form", { name: "Add property" });
    const input = screen.getByLabelText("Choose images");

    await user.upload(input, [1, 2, 3, 4, 5, 6].map((i) => png(`p${i}.png`)));
    expect(toasts().getByText("Too many images")).toBeInTheDocument();
    expect(toasts().getByText("You can only upload a maximum of 5 images.")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Images waiting to be uploaded" })).not.toBeInTheDocument();

    await user.upload(input, [png("a.png"), png("b.png"), png("c.png")]);
    const pending = screen.getByRole("list", { name: "Images waiting to be uploaded" });
    expect(within(pending).getAllByRole("img")).toHaveLength(3);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(pending).getByRole("button", { name: "Remove c.png" }));
    await user.click(screen.getByRole("button", { name: "Upload 2 images" }));
    expect(await toasts().findByText("Upload successful")).toBeInTheDocument();
    expect(toasts().getByText("2 images uploaded successfully.")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/upload/property-images");
    expect(init).toMatchObject({ method: "POST", credentials: "include" });
    expect((init.body as FormData).getAll("images").map((f) => (f as File).name)).toEqual(["a.png", "b.png"]);

    const uploaded = screen.getByRole("list", { name: "Uploaded images" });
    expect(within(uploaded).getAllByRole("img")).toHaveLength(2);
    expect(screen.getByText("2 of 5 images uploaded")).toBeInTheDocument();

    // 2 uploaded + 4 chosen is too many; 2 + 3 is fine.
    await user.upload(input, [1, 2, 3, 4].map((i) => png(`q${i}.png`)));
    expect(toasts().getAllByText("Too many images")).toHaveLength(2);
    await user.upload(input, [1, 2, 3].map((i) => png(`r${i}.png`)));
    expect(within(screen.getByRole("list", { name: "Images waiting to be uploaded" })).getAllByRole("img")).toHaveLength(3);
  });

  it("reports a refused upload with the server's message", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, error: "unsupported", message: "Only JPEG, PNG, GIF and WebP images are accepted" }), {
        status: 400,
      }),
    );
    const { user } = setup();
    await screen.findByRole("form", { name: "Add property" });
    await user.upload(screen.getByLabelText("Choose images"), [png("fake.png")]);
    await user.click(screen.getByRole("button", { name: "Upload 1 image" }));
    expect(await toasts().findByText("Upload failed")).toBeInTheDocument();
    expect(toasts().getByText("Only JPEG, PNG, GIF and WebP images are accepted")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Only JPEG, PNG, GIF and WebP images are accepted");
    // The picture stays pending so the user can remove it or try again.
    expect(screen.getByRole("list", { name: "Images waiting to be uploaded" })).toBeInTheDocument();
  });

  it("lists the property and goes to the dashboard", async () => {
    const { user, router } = setup();
    await screen.findByRole("form", { name: "Add property" });
    await fillValidForm(user);
    await user.upload(screen.getByLabelText("Choose images"), [png("a.png"), png("b.png")]);
    await user.click(screen.getByRole("button", { name: "Upload 2 images" }));
    await toasts().findByText("Upload successful");
    await user.click(screen.getByRole("button", { name: "Add Property" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(toasts().getByText("Property Added")).toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      title: "Sunny loft by the river",
      propertyType: "loft",
      monthlyRent: 2400,
      currency: "USD",
      address: "12 River Road",
      city: "Austin",
      country: "United States",
      bedrooms: 1,
      bathrooms: 1,
      squareFeet: 900,
      areaUnit: "sqft",
      petsAllowed: true,
      furnished: false,
      amenities: ["Energy efficient"],
      images: ["/uploads/properties/img-1.png", "/uploads/properties/img-2.png"],
    });
  });

  it.each([
    [new ConnectError("Rent must be greater than 0", Code.InvalidArgument), "Rent must be greater than 0"],
    [new ConnectError("", Code.Internal), "There was an error adding your property. Please try again."],
  ])("says Error Adding Property when the server refuses (%s)", async (failWith, message) => {
    const { user, router } = setup({ failWith });
    await screen.findByRole("form", { name: "Add property" });
    await fillValidForm(user);
    await user.upload(screen.getByLabelText("Choose images"), [png("a.png")]);
    await user.click(screen.getByRole("button", { name: "Upload 1 image" }));
    await toasts().findByText("Upload successful");
    await user.click(screen.getByRole("button", { name: "Add Property" }));
    expect(await toasts().findByText("Error Adding Property")).toBeInTheDocument();
    expect(toasts().getByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/add-property");
  });

  it("goes home on Cancel", async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole("link", { name: "Cancel" }));
    expect(router.state.location.pathname).toBe("/");
  });
});
