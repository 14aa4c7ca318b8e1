import { describe, expect, it } from "vitest";
import { create } from "@bufbuild/protobuf";
import { AnswerVerificationRequestResponseSchema } from "@/gen/rentproof/verification/v1/verification_pb";
import { makeRequest } from "@/test/verification";
import { answerNotes } from "./api/use-verification-requests";
import { fromOwner, statusLabel } from "./verification";

describe("the verification vocabulary", () => {
  it("names every status a request can have (the contract's VerificationRequest.status)", () => {
    expect(["pending", "approved", "rejected", "paid", "held", "confirmed", "declined", "closed", "expired"].map(statusLabel)).toEqual([
      "Pending",
      "Approved",
      "Rejected",
      "Paid",
      "Held for review",
      "Confirmed — waiting for the owner",
      "Declined",
      "Closed",
      "Expired",
    ]);
  });

  it("tells the owner's own request from the property page's", () => {
    expect(fromOwner({ ownerUsername: "olive", requestedBy: { username: "olive" } })).toBe(true);
    expect(fromOwner({ ownerUsername: "olive", requestedBy: { username: "dana" } })).toBe(false);
    expect(fromOwner({ ownerUsername: "", requestedBy: { username: "" } })).toBe(false);
  });
});

describe("what an answer's toast adds to SPEC's words", () => {
  const answered = (status: string, tokensEarned: number) =>
    answerNotes(create(AnswerVerificationRequestResponseSchema, { request: makeRequest({ status }), tokensEarned }));

  it("nothing for an answer that earned its token", () => {
    expect(answered("approved", 1)).toEqual([]);
    expect(answered("rejected", 1)).toEqual([]);
  });

  it("that it earned nothing, saying why it may be so", () => {
    expect(answered("rejected", 0)).toEqual([
      "It earned no token or XP: only answers to the owner or to an established member you are not linked to earn, the first 10 a day.",
    ]);
    expect(answered("held", 0)).toEqual(["It earned nothing: an administrator checks this approval first, and it can earn only once approved."]);
  });

  it("that a confirmation waits for the owner", () => {
    expect(answered("confirmed", 1)).toEqual(["The property is verified once its owner accepts your confirmation."]);
  });
});
