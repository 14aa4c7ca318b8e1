import { Code, ConnectError } from "@connectrpc/connect";

/** ErrorType is one of the generic error panel types of SPEC §8. */
export type ErrorType = "network" | "server" | "notFound" | "unauthorized" | "database" | "default";

/**
 * errorTypeFromError picks the error panel type for an error raised by an rpc.
 * Transport failures (the server cannot be reached) are "network", failures the
 * server reports about itself are "server", and so on; anything unknown is "default".
 */
export function errorTypeFromError(error: unknown): ErrorType {
  if (error == null) return "default";
  const err = ConnectError.from(error);
  switch (err.code) {
    case Code.Unavailable:
    case Code.DeadlineExceeded:
      return "network";
    case Code.Internal:
    case Code.Unimplemented:
      return "server";
    case Code.DataLoss:
      return "database";
    case Code.NotFound:
      return "notFound";
    case Code.Unauthenticated:
    case Code.PermissionDenied:
      return "unauthorized";
    case Code.Unknown:
      // fetch() rejects with a TypeError ("Failed to fetch", "NetworkError…",
      // "Load failed") when the server cannot be reached; connect-web wraps it.
      return isNetworkFailure(err) ? "network" : "default";
    default:
      return "default";
  }
}

function isNetworkFailure(err: ConnectError): boolean {
  const cause = err.cause;
  if (cause instanceof TypeError) return true;
  return /failed to fetch|networkerror|load failed|network request failed/i.test(err.rawMessage);
}

/**
 * errorMessage returns the message of an rpc error as written by the server (without
 * connect's "[code]" prefix), which is meant for the user.
 */
export function errorMessage(error: unknown): string {
  if (error == null) return "";
  return ConnectError.from(error).rawMessage;
}

/** isCode tells whether an error is a ConnectError with the given code. */
export function isCode(error: unknown, code: Code): boolean {
  return error instanceof ConnectError && error.code === code;
}
