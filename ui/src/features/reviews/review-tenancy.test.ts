import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { makeReview } from "@/test/properties";
import { TenancySchema } from "@/gen/rentproof/tenancy/v1/tenancy_pb";
import { myTenancyAt, reviewableTenancies, stillLabels, tenancyOption, tenantLabel } from "./review-tenancy";

const tenancy = (overrides: Parameters<typeof create<typeof TenancySchema>>[1] = {}) =>
  create(TenancySchema, { id: 1, propertyId: 5, status: "approved", proof: "landlord", fromMonth: "2023-03", ...overrides });

describe("review tenancy rules", () => {
  it("labels tenants', residents' and general reviews, never an agent's", () => {
    expect(tenantLabel("tenant_to_property")).toBe("Verified Tenant");
    expect(tenantLabel("tenant_to_landlord")).toBe("Verified Tenant");
    expect(tenantLabel("tenant_to_neighborhood")).toBe("Verified Resident");
    expect(tenantLabel("general")).toBe("Verified Reviewer");
    expect(tenantLabel("agent_to_property")).toBeNull();
    expect(tenantLabel("landlord_to_tenant")).toBeNull();
  });

  it("keeps labelling for three years after a tenancy's last month, and while it goes on", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    expect(stillLabels({ toMonth: "" }, now)).toBe(true);
    expect(stillLabels({ toMonth: "2023-11" }, now)).toBe(true);
    expect(stillLabels({ toMonth: "2023-10" }, now)).toBe(false);
    expect(stillLabels({ toMonth: "2023-10" }, new Date("2026-10-31T23:59:59Z"))).toBe(true);
  });

  it("finds the member's verified tenancy or open claim at a property", () => {
    const list = [tenancy({ id: 1, propertyId: 4 }), tenancy({ id: 2, status: "pending" }), tenancy({ id: 3, status: "rejected" })];
    expect(myTenancyAt(list, 5)).toEqual({ verified: undefined, pending: list[1] });
    expect(myTenancyAt(list, 4).verified?.id).toBe(1);
    expect(myTenancyAt(list, 6)).toEqual({ verified: undefined, pending: undefined });
  });

  it("offers the owner the verified tenancies there not reviewed yet", () => {
    const claims = [
      tenancy({ id: 1 }),
      tenancy({ id: 2, landlordReviewId: 40 }),
      tenancy({ id: 3, status: "pending" }),
      tenancy({ id: 4, propertyId: 6 }),
      tenancy({ id: 5 }),
    ];
    const written = [makeReview({ reviewType: "landlord_to_tenant", tenancyId: 5 })];
    expect(reviewableTenancies(claims, 5, written).map((t) => t.id)).toEqual([1]);
  });

  it("names a tenancy by the tenant's first name and initial and its months", () => {
    expect(tenancyOption({ tenantFirstName: "Sam", tenantLastName: "O", fromMonth: "2023-03", toMonth: "" })).toBe("Sam O., Mar 2023 – now");
    expect(tenancyOption({ tenantFirstName: "", tenantLastName: "", fromMonth: "2021-12", toMonth: "2022-06" })).toBe(
      "A former tenant, Dec 2021 – Jun 2022",
    );
  });
});
