import "server-only";
/**
 * The account use cases behind /api/v1/account: checks, then the domain work
 * (export.ts, delete.ts) and the session side (lib/access/auth/server).
 */
import { ApiError } from "@/lib/platform/api/errors";
import { adminAuth } from "@/lib/access/auth/server/firebase-admin";
import type { Identity } from "@/lib/access/auth/server/identity";
import { revokeSession } from "@/lib/access/auth/server/revoked-sessions";
import { forgetUserStatus } from "@/lib/access/auth/server/user-status";
import { getDb } from "@/lib/platform/db";
import type { Db } from "@/lib/platform/db/db";
import { getBlobStore } from "@/lib/platform/storage";
import type { BlobStore } from "@/lib/platform/storage/types";
import { sameEmail, type DeleteAccountResult } from "./contract";
import { deleteAccountData, deleteFirebaseUser, deletionBlocker, type AccountAuth } from "./delete";
import type { DeleteAccountInput } from "./schema";

export interface AccountDeps {
  db: Db;
  store: BlobStore;
  auth: AccountAuth;
}

export function accountDeps(): AccountDeps {
  const auth = adminAuth();
  return {
    db: getDb(),
    store: getBlobStore(),
    auth: { revokeRefreshTokens: (uid) => auth.revokeRefreshTokens(uid), deleteUser: (uid) => auth.deleteUser(uid) },
  };
}

export async function deleteAccount(
  deps: AccountDeps,
  user: Identity,
  input: DeleteAccountInput,
): Promise<DeleteAccountResult> {
  if (user.isStaff) {
    throw new ApiError(
      "forbidden",
      "Company staff accounts are closed by an administrator, not from here: they run the company's pipelines.",
    );
  }
  if (!sameEmail(input.confirm_email, user.email)) {
    throw new ApiError("unprocessable_entity", "The email you typed is not this account's email.", {
      issues: [{ path: "confirm_email", message: "Type this account's email address exactly to confirm." }],
    });
  }
  const blocker = await deletionBlocker(deps.db, user.uid);
  if (blocker) throw blocker;

  const report = await deleteAccountData(deps, user.uid);
  await deleteFirebaseUser(deps.auth, user.uid);
  // This process refuses the account's tokens at once; the caller's cookie is listed for every process.
  forgetUserStatus(user.uid);
  if (user.via === "session") await revokeSession(deps.db, { token: user.token, expiresAtS: user.expiresAt });
  return {
    deleted: true,
    documents: report.deleted,
    pseudonymised: report.pseudonymised,
    files: report.files,
    pseudonym: report.pseudonym,
  };
}
