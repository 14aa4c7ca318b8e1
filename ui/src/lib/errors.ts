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

/**
 * isNetworkFailure tells whether the request never reached the server: fetch() rejected (connect
 * raises its TypeError as Code.Unknown), or a message that is the browser's words for that. Only
 * an unknown error: a server's message with a code is its own, whatever it says ("Upload failed…").
 */
function isNetworkFailure(err: ConnectError): boolean {
  if (err.code !== Code.Unknown) return false;
  return err.cause instanceof TypeError || /^(failed to fetch|networkerror|load failed|network request failed)/i.test(err.rawMessage);
}

/** CONNECTION_MESSAGE is what the user is told when RentProof cannot be reached at all. */
export const CONNECTION_MESSAGE = "We couldn't reach RentProof. Check your internet connection and try again.";

/**
 * errorMessage returns the message of an rpc error as written by the server (without
 * connect's "[code]" prefix), which is meant for the user; when the server could not be reached,
 * CONNECTION_MESSAGE rather than the browser's own words ("Failed to fetch").
 */
export function errorMessage(error: unknown): string {
  if (error == null) return "";
  const err = ConnectError.from(error);
  return isNetworkFailure(err) ? CONNECTION_MESSAGE : err.rawMessage;
}

/** isCode tells whether an error is a ConnectError with the given code. */
export function isCode(error: unknown, code: Code): boolean {
  return error instanceof ConnectError && error.code === code;
}
