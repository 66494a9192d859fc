import "server-only";
/**
 * Who made a studio item, as people read it: the account's name, else its
 * email; the starter library for "system". Never a uid ("seed-staff"): an
 * account that is gone reads "a former staff member".
 */
import { users } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import { DOC_ID } from "@/lib/platform/db/ids";

export const SYSTEM_AUTHOR = "Promptframe (starter library)";
export const GONE_AUTHOR = "a former staff member";

export async function authorNames(db: Db, ids: Iterable<string | null>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const id of new Set([...ids].filter((x): x is string => !!x))) {
    if (id === "system") {
      out.set(id, SYSTEM_AUTHOR);
      continue;
    }
    const u = DOC_ID.test(id) ? await db.collection(users).doc(id).get() : null;
    out.set(id, u?.data.name?.trim() || u?.data.email || GONE_AUTHOR);
  }
  return out;
}
