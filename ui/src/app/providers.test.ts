import { describe, expect, it } from "vitest";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { KEEPALIVE_PATHS, requestInit } from "./providers";

describe("requestInit", () => {
  it("names the save and unsave calls as the contract spells them", () => {
    const path = (method: { name: string }) => `/${PropertyService.typeName}/${method.name}`;
    expect(KEEPALIVE_PATHS).toEqual([path(PropertyService.method.saveProperty), path(PropertyService.method.unsaveProperty)]);
  });

  it("keeps a save alive past the page and sends credentials with every call", () => {
    const init = requestInit("https://rentproof.test/rentproof.property.v1.PropertyService/SaveProperty", { method: "POST" });
    expect(init).toEqual({ method: "POST", credentials: "include", keepalive: true });
  });

  it("leaves other calls, and their bodies' budget, alone", () => {
    const init = requestInit("https://rentproof.test/rentproof.review.v1.ReviewService/CreateReview", { method: "POST" });
    expect(init).toEqual({ method: "POST", credentials: "include" });
  });
});
