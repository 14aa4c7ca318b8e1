import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { TenancyDocumentSchema, TenancySchema, type Tenancy } from "@/gen/rentproof/tenancy/v1/tenancy_pb";

type TenancyInit = Partial<Omit<Tenancy, "$typeName" | "$unknown" | "documents">> & {
  documents?: { url: string; fileName: string; contentType: string; kind: string; deleted?: boolean }[];
};

/** makeTenancy builds a claim for fake services: pending on the landlord at a verified property by default. */
export function makeTenancy({ documents = [], ...overrides }: TenancyInit = {}): Tenancy {
  return create(TenancySchema, {
    id: 11,
    propertyId: 3,
    propertyTitle: "Sunny Flat",
    address: "12 High Street, London, E1 6AN, United Kingdom",
    tenantId: 7,
    tenantFirstName: "Dana",
    tenantLastName: "W",
    fromMonth: "2023-03",
    toMonth: "2025-01",
    status: "pending",
    stage: "landlord",
    propertyVerified: true,
    createdAt: timestampFromDate(new Date("2026-11-20T10:00:00Z")),
    documents: documents.map((d) => create(TenancyDocumentSchema, { bytes: 10, ...d })),
    ...overrides,
  });
}
