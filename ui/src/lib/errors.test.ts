import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { CONNECTION_MESSAGE, errorMessage, errorTypeFromError } from "./errors";

describe("errorTypeFromError", () => {
  it.each([
    [Code.Unavailable, "network"],
    [Code.DeadlineExceeded, "network"],
    [Code.Internal, "server"],
    [Code.NotFound, "notFound"],
    [Code.Unauthenticated, "unauthorized"],
    [Code.PermissionDenied, "unauthorized"],
    [Code.DataLoss, "database"],
    [Code.InvalidArgument, "default"],
  ] as const)("maps code %s to %s", (code, type) => {
    expect(errorTypeFromError(new ConnectError("x", code))).toBe(type);
  });

  it("treats a failed fetch as a network error", () => {
    expect(errorTypeFromError(new TypeError("Failed to fetch"))).toBe("network");
  });

  it("gives the server's message without the code prefix", () => {
    expect(errorMessage(new ConnectError("resource not found", Code.NotFound))).toBe("resource not found");
  });
});

describe("errorMessage", () => {
  it.each(["Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"])(
    "says a connection failure (%s) in the app's words, not the browser's",
    (raw) => {
      // As connect-web raises it: fetch() rejected with a TypeError.
      expect(errorMessage(ConnectError.from(new TypeError(raw)))).toBe(CONNECTION_MESSAGE);
      // As it arrives through a transport that only keeps the message.
      expect(errorMessage(new ConnectError(raw, Code.Unknown))).toBe(CONNECTION_MESSAGE);
    },
  );

  it("keeps a server's message that merely contains the browser's words", () => {
    const words = "Upload failed: the file is not an image.";
    expect(errorMessage(new ConnectError(words, Code.InvalidArgument))).toBe(words);
    expect(errorMessage(new ConnectError(words, Code.Unknown))).toBe(words);
  });

  it("keeps the server's own words when it says it is unavailable", () => {
    const words = "RentProof is briefly unavailable. Please try again in a few seconds.";
    expect(errorMessage(new ConnectError(words, Code.Unavailable))).toBe(words);
  });

  it("gives nothing for no error, so a caller's fallback shows", () => {
    expect(errorMessage(undefined)).toBe("");
  });
});
