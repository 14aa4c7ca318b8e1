import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SearchPropertiesRequest } from "@/gen/rentproof/property/v1/property_pb";
import { servePropertyFakes } from "@/test/properties";
import { fakeTransport, renderApp } from "@/test/render";

// These tests drive whole pages through fake services; give them room on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4_000 });

function setup(path: string, onSearch?: (req: SearchPropertiesRequest) => void) {
  const transport = fakeTransport({ extra: servePropertyFakes({ onSearch }) });
  return renderApp({ path, transport });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("LocationPage", () => {
  it("lists the properties of a UK postcode with breadcrumbs, SEO copy and calls to action", async () => {
    const requests: SearchPropertiesRequest[] = [];
    setup("/location/SW1A%201AA", (req) => void requests.push(req));
    expect(screen.getByRole("heading", { level: 1, name: "Properties in SW1A 1AA" })).toBeInTheDocument();
    expect(document.title).toBe("Properties in SW1A 1AA | RentProof");
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(within(crumbs).getByRole("link", { name: "Find Properties" })).toHaveAttribute("href", "/find-properties");
    expect(screen.getByText("United Kingdom")).toBeInTheDocument();

    const list = await screen.findByRole("list", { name: "Properties in SW1A 1AA" });
    const card = within(list).getByRole("article", { name: "Mansion-Block Flat in St James's" });
    expect(within(card).getByText(/12 Jermyn Street/)).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: /View Details/ })).toHaveAttribute("href", "/properties/3");
    expect(card.querySelector("img")).toHaveAttribute("src", "/images/demo/property-01-a.svg");
    expect(requests[0]).toMatchObject({ zipCode: "SW1A 1AA" });

    expect(screen.getByRole("heading", { level: 2, name: "Renting in SW1A 1AA" })).toBeInTheDocument();
    expect(screen.getByText(/postcode SW1A 1AA \(United Kingdom\)/)).toBeInTheDocument();
    const main = within(screen.getByRole("main"));
    expect(main.getByRole("link", { name: "Add Your Property" })).toHaveAttribute("href", "/add-property");
    expect(main.getByRole("link", { name: "Search All Properties" })).toHaveAttribute("href", "/find-properties");
    expect(main.getByRole("link", { name: "Sign Up to Write Reviews" })).toHaveAttribute("href", "/auth");
  });

  it.each([
    ["10001", "United States"],
    ["90210-1234", "United States"],
    ["M5V%202H1", "Canada"],
    ["155-0033", "Global"],
  ])("detects the country of %s as %s", async (code, country) => {
    setup(`/location/${code}`);
    expect(screen.getByText(country)).toBeInTheDocument();
  });

  it("invites adding a property when there is none", async () => {
    setup("/location/99999");
    expect(await screen.findByRole("heading", { name: "No properties listed in 99999 yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add a Property" })).toHaveAttribute("href", "/add-property");
  });

  it("shows Failed to fetch properties with a retry that reloads the page", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    setup("/location/10001", () => {
      throw new Error("down");
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to fetch properties");
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(reload).toHaveBeenCalled();
  });

  it("says Location Not Found for something that is no postal code", () => {
    setup("/location/%3Cscript%3E");
    expect(screen.getByRole("heading", { level: 1, name: "Location Not Found" })).toBeInTheDocument();
  });
});
