import { describe, expect, it } from "vitest";
import { PropertyService } from "@/gen/rentproof/property/v1/property_pb";
import { requestInit } from "./providers";

const url = (service: { typeName: string }, method: { name: string }) => `https://rentproof.test/${service.typeName}/${method.name}`;

describe("requestInit", () => {
  it("keeps a save and an unsave alive past the page, named as the contract spells them", () => {
    for (const method of [PropertyService.method.saveProperty, PropertyService.method.unsaveProperty]) {
      expect(requestInit(url(PropertyService, method), { method: "POST" })).toEqual({ method: "POST", credentials: "include", keepalive: true });
    }
  });

  it("leaves other calls, and the keepalive budget, alone, and sends credentials with every call", () => {
    for (const method of [PropertyService.method.listSavedProperties, PropertyService.method.createProperty, PropertyService.method.getProperty]) {
      expect(requestInit(url(PropertyService, method), { method: "POST" })).toEqual({ method: "POST", credentials: "include", keepalive: false });
    }
  });
});
