import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { User } from "@/gen/rentproof/account/v1/account_pb";

/** How long an account is new: its first day. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/**
 * welcome is the dashboard's greeting: "Welcome back, Dana!" to someone who has been a member
 * longer than a day, "Welcome to RentProof, Dana!" (the words of the registration toast) on an
 * account's first day, when there is nobody to welcome back yet.
 */
export function welcome(user: Pick<User, "firstName" | "username" | "createdAt">, now = Date.now()): string {
  const name = user.firstName.trim() || user.username;
  const isNew = user.createdAt !== undefined && now - timestampDate(user.createdAt).getTime() < NEW_ACCOUNT_MS;
  return isNew ? `Welcome to RentProof, ${name}!` : `Welcome back, ${name}!`;
}
