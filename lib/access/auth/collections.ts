/**
 * Access's own store declarations, registered in lib/platform/db/collections.ts.
 *
 * `revoked_sessions`: session cookies ended by logout (or by "Sign out
 * everywhere", for the caller's own cookie) before they expire. A Firebase
 * session cookie stays cryptographically valid for its whole life (14 days),
 * so logging out must remember it: every API call checks this list
 * (lib/access/auth/server/identity.ts). The id is the SHA-256 of the cookie, so the
 * list holds no usable token and no uid; an entry is kept until the cookie
 * would have expired anyway, then pruned.
 */
import { z } from "zod";
import { defineCollection, isoTimestamp, type AnyCollectionDef, type DocOf } from "@/lib/platform/db/define";

export const revokedSessions = defineCollection({
  name: "revoked_sessions",
  schema: z.object({
    /** The cookie's own `exp`: after it the cookie is refused anyway and the entry may go. */
    expires_at: isoTimestamp(),
    revoked_at: isoTimestamp(),
  }),
  id: { pattern: /^[0-9a-f]{64}$/, auto: false, description: "the SHA-256 of the session cookie, hex" },
  timestamps: ["expires_at", "revoked_at"],
  indexes: [["expires_at"]],
  edit: {
    readOnly:
      "Revoked sessions are signed-out session cookies kept until they expire: deleting one would let a stolen copy of that cookie sign in again. They go by themselves at expiry.",
  },
});

export type RevokedSessionDoc = DocOf<typeof revokedSessions>;
export const authCollections: readonly AnyCollectionDef[] = [revokedSessions];
