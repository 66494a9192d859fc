import "server-only";
/**
 * Deleting an account. Everything the person made goes (content, files,
 * brand kit, products, pages, assets, likes, vibes, batches, jobs, profile…:
 * owned-data.ts lists it), the records accounting needs stay with the uid
 * replaced by a pseudonym (credit ledger, billing records, the audit trail),
 * the public pages of their items drop out of the page cache, and finally
 * the Firebase account is revoked and deleted, which ends every session.
 *
 * Refused, changing nothing: staff accounts (their pipelines and evaluations
 * are the company's), a wrong confirmation, work still queued or running (a
 * worker would write files after they were swept; the person cancels or waits,
 * which is clearer than cancelling and refunding on their behalf), and a live
 * subscription that would go on charging.
 *
 * Safe to retry: every step finds what is left by the person's uid and does
 * nothing when it is gone, the pseudonym is a pure function of the uid, and
 * the Firebase account is deleted last, so a deletion that failed half way
 * can be asked for again from the same session.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { billingAccounts } from "@/lib/money/billing/collections";
import { isLive } from "@/lib/money/billing/account";
import { batches } from "@/lib/creation/batches/collections";
import { content, jobs } from "@/lib/platform/db/collections";
import type { Db } from "@/lib/platform/db/db";
import type { DocSnapshot } from "@/lib/platform/db/refs";
import { invalidateTrending } from "@/lib/media/likes/trending";
import { refreshPublicPages } from "@/lib/creation/pages/refresh";
import { refreshPublicViews } from "@/lib/creation/public-views/refresh";
import type { BlobStore } from "@/lib/platform/storage/types";
import { pageOf } from "./find";
import {
  collectBlobAreas,
  OWN_BLOB_AREAS,
  ownedCollections,
  pseudonymFor,
  type Finder,
  type OwnedCollection,
} from "./owned-data";

/** The slice of firebase-admin's Auth this needs. */
export interface AccountAuth {
  revokeRefreshTokens(uid: string): Promise<void>;
  deleteUser(uid: string): Promise<void>;
}

export interface DeleteDeps {
  db: Db;
  store: BlobStore;
  auth: AccountAuth;
}

export interface DeletionReport {
  deleted: Record<string, number>;
  pseudonymised: Record<string, number>;
  files: number;
  pseudonym: string;
}

type Doc = DocSnapshot<Record<string, unknown>>;

/** Why the account cannot be deleted now, or null. Reads only. */
export async function deletionBlocker(db: Db, uid: string): Promise<ApiError | null> {
  const active = await db
    .collection(jobs)
    .where("owner_id", "==", uid)
    .where("state", "in", ["queued", "running"])
    .limit(1)
    .get();
  const batch = await db
    .collection(batches)
    .where("owner_id", "==", uid)
    .where("state", "==", "running")
    .limit(1)
    .get();
  if (active.length > 0 || batch.length > 0) {
    return new ApiError(
      "conflict",
      "Some of your work is still being made (a render, a picture or a batch). Wait for it to finish or cancel it, then delete your account.",
    );
  }
  const account = (await db.collection(billingAccounts).doc(uid).get())?.data;
  if (account && isLive(account.subscription_status) && !account.cancel_at_period_end) {
    return new ApiError(
      "conflict",
      "You have a paid subscription. Cancel it on the Subscription page first, so it stops charging you, then delete your account.",
    );
  }
  return null;
}

function isNotFound(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "auth/user-not-found";
}

/** Replaces `uid` in every string of `value` (deep). */
function replaceUid(value: unknown, uid: string, pseudonym: string): unknown {
  if (typeof value === "string") return value.split(uid).join(pseudonym);
  if (Array.isArray(value)) return value.map((v) => replaceUid(v, uid, pseudonym));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceUid(v, uid, pseudonym)]));
  return value;
}

interface Seen {
  /** Blob areas (`<area>/<uid>/…`) the documents named. */
  areas: Set<string>;
  /** Content that anyone could see (shared, or a page): its cached public views are dropped. */
  publicIds: string[];
}

/**
 * One page of the person's documents found by `finder`, deleted or
 * pseudonymised in one atomic batch; returns how many. A handled document no
 * longer matches the finder, so the caller simply asks again until none is left.
 */
async function handlePage(
  db: Db,
  plan: OwnedCollection,
  finder: Finder,
  uid: string,
  seen: Seen,
  mode: "delete" | "pseudonymise",
): Promise<number> {
  const page: Doc[] = await pageOf(db, plan.def, finder, uid);
  if (page.length === 0) return 0;
  const col = db.collectionByName(plan.def.name);
  const batch = db.batch();
  const pseudonym = pseudonymFor(uid);
  for (const snap of page) {
    collectBlobAreas(JSON.stringify(snap.data), uid, seen.areas);
    if (plan.def.name === content.name && (snap.data.visibility === "public" || snap.data.kind === "page"))
      seen.publicIds.push(snap.id);
    if (mode === "delete") {
      batch.delete(col.doc(snap.id));
      continue;
    }
    const rule: { clear?: readonly string[]; empty?: readonly string[] } =
      plan.onDelete.action === "pseudonymise" ? plan.onDelete : {};
    const data = replaceUid(snap.data, uid, pseudonym) as Record<string, unknown>;
    for (const field of rule.clear ?? []) data[field] = null;
    for (const field of rule.empty ?? []) data[field] = [];
    // Ids made from the uid (the ledger's opening balance `open-<uid>`) are re-keyed too.
    const id = snap.id.split(uid).join(pseudonym);
    if (id !== snap.id) batch.delete(col.doc(snap.id));
    batch.set(col.doc(id), data);
  }
  await batch.commit();
  return page.length;
}

async function drain(
  db: Db,
  plan: OwnedCollection,
  finder: Finder,
  uid: string,
  seen: Seen,
  mode: "delete" | "pseudonymise",
): Promise<number> {
  let total = 0;
  for (
    let n = await handlePage(db, plan, finder, uid, seen, mode);
    n > 0;
    n = await handlePage(db, plan, finder, uid, seen, mode)
  )
    total += n;
  return total;
}

export async function deleteAccountData(deps: DeleteDeps, uid: string): Promise<DeletionReport> {
  const { db, store } = deps;
  const seen: Seen = { areas: new Set<string>(OWN_BLOB_AREAS), publicIds: [] };
  const report: DeletionReport = { deleted: {}, pseudonymised: {}, files: 0, pseudonym: pseudonymFor(uid) };
  const add = (into: Record<string, number>, name: string, n: number) => {
    if (n > 0) into[name] = (into[name] ?? 0) + n;
  };

  for (const plan of ownedCollections(db.collections())) {
    const mode = plan.onDelete.action;
    if (mode === "keep") continue;
    for (const finder of plan.finders)
      add(
        mode === "delete" ? report.deleted : report.pseudonymised,
        plan.def.name,
        await drain(db, plan, finder, uid, seen, mode),
      );
    for (const finder of plan.alsoDelete)
      add(report.deleted, plan.def.name, await drain(db, plan, finder, uid, seen, "delete"));
  }

  for (const area of [...seen.areas].sort()) {
    for (const blob of await store.list(`${area}/${uid}/`)) {
      await store.delete(blob.key);
      report.files += 1;
    }
  }

  // Shared or published items must not stay in the page cache.
  refreshPublicViews(seen.publicIds);
  refreshPublicPages(seen.publicIds);
  // Their likes counted in others' trending scores.
  invalidateTrending();
  return report;
}

/** Ends every session and removes the Firebase account; already gone counts as done. */
export async function deleteFirebaseUser(auth: AccountAuth, uid: string): Promise<void> {
  for (const step of [() => auth.revokeRefreshTokens(uid), () => auth.deleteUser(uid)]) {
    try {
      await step();
    } catch (error) {
      if (!isNotFound(error))
        throw new ApiError(
          "service_unavailable",
          "Your data was deleted, but we could not close the sign-in account just now. Please try again.",
          { cause: error },
        );
    }
  }
}
