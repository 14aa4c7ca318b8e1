import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { errorMessage, errorTypeFromError } from "./errors";

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
