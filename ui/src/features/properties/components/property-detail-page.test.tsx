import { create } from "@bufbuild/protobuf";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ReviewService, ReviewTypeCountSchema } from "@/gen/rentproof/review/v1/review_pb";
import { makeProperty, SAMPLE_PROPERTIES, servePropertyFakes } from "@/test/properties";
import type { User } from "@/gen/rentproof/account/v1/account_pb";
import { fakeTransport, makeUser, renderApp } from "@/test/render";

// These tests drive whole pages through fake services; give them room on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4_000 });

const chelsea = makeProperty({
  id: 1,
  images: ["/images/demo/property-01-a.svg", "/images/demo/property-01-b.svg", "/images/demo/property-01-c.svg"],
  stars: [1, 0, 2, 3, 4],
});
const neighbour = makeProperty({ id: 21, title: "Chelsea Studio", propertyType: "studio", verified: false });

/** setup renders path; listed, when given, is what GetRatingSummary answers for property 1: reviews listed of each type and how many count. */
function setup(path: string, listed?: { reviewType: string; count: number; counted: number }[], user?: User) {
  const properties = servePropertyFakes({ properties: [chelsea, neighbour, ...SAMPLE_PROPERTIES.slice(1)] });
  const summaries: number[] = [];
  const transport = fakeTransport({
    user,
    extra: (router) => {
      properties(router);
      if (listed) {
        router.service(ReviewService, {
          getRatingSummary: (req) => {
            summaries.push(req.propertyId);
            return { summary: chelsea.ratingSummary, types: listed.map((t) => create(ReviewTypeCountSchema, t)) };
          },
          listPropertyReviews: () => ({ reviews: [] }),
        });
      }
    },
  });
  return { ...renderApp({ path, transport }), user: userEvent.setup(), summaries };
}

describe("PropertyDetailPage", () => {
  it("shows the property: title, address, rent, facts, description, amenities", async () => {
    setup("/properties/1");
    expect(await screen.findByRole("heading", { level: 1, name: chelsea.title })).toBeInTheDocument();
    expect(document.title).toBe(`${chelsea.title} | RentProof`);
    expect(screen.getAllByText("347 West 29th Street, Apt 5C, Chelsea, New York, NY 10001, United States").length).toBeGreaterThan(0);
    expect(screen.getByRole("complementary", { name: "Rent and contact" })).toHaveTextContent("$4,250/month");

    const facts = screen.getByRole("region", { name: "Property Details" });
    expect(within(facts).getByText("Bedrooms").nextSibling).toHaveTextContent("1");
    expect(within(facts).getByText("Bathrooms").nextSibling).toHaveTextContent("1");
    expect(within(facts).getByText("Area").nextSibling).toHaveTextContent("650 ft²");
    expect(within(facts).getByText("Year built").nextSibling).toHaveTextContent("1928");

    expect(screen.getByRole("region", { name: "Description" })).toHaveTextContent(chelsea.description);
    const amenities = within(screen.getByRole("region", { name: "Amenities" })).getAllByRole("listitem");
    expect(amenities.map((a) => a.textContent?.trim())).toEqual(chelsea.amenities);
  });

  it("says whether it is verified, and how, in words, not in a hover title", async () => {
    setup("/properties/1");
    const heading = await screen.findByRole("heading", { level: 1, name: chelsea.title });
    const header = heading.closest("header")!;
    expect(within(header).getByText("Verified")).toBeInTheDocument();
    expect(header.querySelector("[title]")).toBeNull();
  });

  it("says when a property is not verified yet", async () => {
    setup("/properties/21");
    const heading = await screen.findByRole("heading", { level: 1, name: "Chelsea Studio" });
    expect(within(heading.closest("header")!).getByText("Not verified yet")).toBeInTheDocument();
  });

  it("holds the page's shape while the property loads", async () => {
    setup("/properties/1");
    const loading = screen.getByRole("status", { name: "Loading property" });
    // The page's own layout: the parts keep their places when the data arrives.
    for (const part of ["property-detail__gallery", "property-detail__aside", "property-detail__main"]) {
      expect(loading.querySelector(`.${part}`)).not.toBeNull();
    }
    expect(await screen.findByRole("heading", { level: 1, name: chelsea.title })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading property" })).not.toBeInTheDocument();
  });

  it("shows the rating summary with the 1-5 distribution from the stored aggregate", async () => {
    setup("/properties/1");
    const ratings = await screen.findByRole("region", { name: "Ratings & Reviews" });
    expect(within(ratings).getByRole("img", { name: "Rated 3.9 out of 5: Average" })).toBeInTheDocument();
    expect(within(ratings).getByText("10 reviews")).toBeInTheDocument();
    expect(within(ratings).getByText(/7 recommend/)).toBeInTheDocument();
    const rows = within(within(ratings).getByRole("list", { name: "Rating distribution" })).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "5 stars4 reviews",
      "4 stars3 reviews",
      "3 stars2 reviews",
      "2 stars0 reviews",
      "1 star1 review",
    ]);
  });

  it("says how many reviews are listed and how many count, when they differ", async () => {
    setup("/properties/1", [
      { reviewType: "tenant_to_property", count: 12, counted: 9 },
      { reviewType: "tenant_to_neighborhood", count: 2, counted: 2 },
      { reviewType: "general", count: 1, counted: 1 },
    ]);
    const ratings = await screen.findByRole("region", { name: "Ratings & Reviews" });
    // The stars are the stored aggregate's: 10 reviews; the page lists 15.
    expect(within(ratings).getByRole("img", { name: "Rated 3.9 out of 5: Average" })).toBeInTheDocument();
    expect(await within(ratings).findByText("15 reviews · 10 count toward the rating.")).toBeInTheDocument();
  });

  it("keeps the stars' count alone when every listed review counts", async () => {
    const { summaries } = setup("/properties/1", [{ reviewType: "tenant_to_property", count: 10, counted: 10 }]);
    const ratings = await screen.findByRole("region", { name: "Ratings & Reviews" });
    await waitFor(() => expect(summaries).toEqual([1]));
    expect(await within(ratings).findByText("10 reviews")).toBeInTheDocument();
    expect(within(ratings).queryByText(/count toward/)).not.toBeInTheDocument();
  });

  it("has a gallery with thumbnails and the Verified badge", async () => {
    const { user } = setup("/properties/1");
    const gallery = await screen.findByRole("region", { name: "Photos" });
    expect(within(gallery).getByText("Verified")).toBeInTheDocument();
    expect(within(gallery).getByRole("img", { name: `${chelsea.title}, photo 1 of 3` })).toHaveAttribute(
      "src",
      "/images/demo/property-01-a.svg",
    );
    await user.click(within(gallery).getByRole("button", { name: "Show photo 3" }));
    expect(within(gallery).getByRole("img", { name: `${chelsea.title}, photo 3 of 3` })).toHaveAttribute(
      "src",
      "/images/demo/property-01-c.svg",
    );
    expect(within(gallery).getByRole("button", { name: "Show photo 3" })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(gallery).getByRole("button", { name: "Next photo" }));
    expect(within(gallery).getByRole("img", { name: `${chelsea.title}, photo 1 of 3` })).toBeInTheDocument();
  });

  it("draws the location without map tiles and links to a full map", async () => {
    setup("/properties/1");
    const location = await screen.findByRole("region", { name: "Location" });
    expect(within(location).getByRole("img", { name: "World map with a pin at 40.7497° N, 73.9973° W" })).toBeInTheDocument();
    expect(within(location).getByRole("link", { name: /Open in maps/ })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/?mlat=40.7497&mlon=-73.9973#map=16/40.7497/-73.9973",
    );
    expect(location.querySelector("iframe, img[src^='http']")).toBeNull();
  });

  it("gives the owner Edit Property instead of Contact Landlord, Schedule Viewing and Write a Review", async () => {
    const owner = makeUser({ id: chelsea.landlordId, role: "landlord" });
    setup("/properties/1", [{ reviewType: "tenant_to_property", count: 1, counted: 1 }], owner);
    const aside = await screen.findByRole("complementary", { name: "Rent and contact" });
    expect(await within(aside).findByRole("link", { name: "Edit Property" })).toHaveAttribute("href", "/properties/1/edit");
    expect(within(aside).getByText("This is your listing.")).toBeInTheDocument();
    const reviews = await screen.findByRole("region", { name: "Reviews" });
    expect(await within(reviews).findByRole("button", { name: "Review a Tenant" })).toBeInTheDocument();
    for (const name of ["Contact Landlord", "Schedule Viewing", "Write a Review"]) {
      expect(screen.queryByRole("button", { name })).not.toBeInTheDocument();
    }
  });

  it("keeps Contact Landlord and Schedule Viewing for everyone else", async () => {
    setup("/properties/1", undefined, makeUser({ id: chelsea.landlordId + 100, role: "landlord" }));
    const aside = await screen.findByRole("complementary", { name: "Rent and contact" });
    expect(await within(aside).findByRole("button", { name: "Contact Landlord" })).toBeInTheDocument();
    expect(within(aside).getByRole("button", { name: "Schedule Viewing" })).toBeInTheDocument();
    expect(within(aside).queryByRole("link", { name: "Edit Property" })).not.toBeInTheDocument();
  });

  it("shares with SPEC's title and description", async () => {
    const { user } = setup("/properties/1");
    await user.click(await screen.findByRole("button", { name: "Share" }));
    const whatsapp = await screen.findByRole("menuitem", { name: /WhatsApp/ });
    const text = decodeURIComponent(new URL(whatsapp.getAttribute("href")!).searchParams.get("text") ?? "");
    expect(text).toContain(`Check out ${chelsea.title} on RentProof`);
    expect(text).toContain("1 bed, 1 bath property in New York for $4,250/month");
    expect(text).toContain("/properties/1");
  });

  it("links to similar properties, their searches and back to the search", async () => {
    setup("/properties/1");
    const similar = await screen.findByRole("region", { name: "Similar Properties" });
    expect(within(similar).getByRole("link", { name: /More properties in New York/ })).toHaveAttribute(
      "href",
      "/find-properties?city=New+York",
    );
    expect(within(similar).getByRole("link", { name: /More Apartment listings/ })).toHaveAttribute(
      "href",
      "/find-properties?propertyType=apartment",
    );
    expect(await within(similar).findByRole("article", { name: "Chelsea Studio" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Find Properties" })).toHaveAttribute("href", "/find-properties");
  });

  it.each(["/properties/999", "/properties/abc", "/properties/0"])("says Property Not Found for %s", async (path) => {
    setup(path);
    expect(await screen.findByRole("heading", { level: 1, name: "Property Not Found" })).toBeInTheDocument();
    expect(document.title).toBe("Property Not Found | RentProof");
    expect(screen.getByRole("link", { name: "Back to Find Properties" })).toHaveAttribute("href", "/find-properties");
  });
});
