/**
 * The app's registry of collections: the store's own and every domain's, in
 * one list that the drivers, the index generator, export/import, the account
 * export/delete and the data dashboard read (through `db.collections()`).
 * It sits above the domains, so the store (lib/db) imports none of them; a
 * new domain adds its collections here.
 */
import type { AnyCollectionDef } from "@/lib/db/define";
import { coreCollections } from "@/lib/db/collections";
import { billingCollections } from "@/lib/billing/collections";
import { compositionCollections } from "@/lib/composition/collections";
import { callCollections } from "@/lib/ai/calls/collections";
import { videoCollections } from "@/lib/video/collections";
import { productCollections } from "@/lib/products/collections";
import { batchCollections } from "@/lib/batches/collections";
import { brandCollections } from "@/lib/brand/collections";
import { updateLogCollections } from "@/lib/update-log/collections";
import { promptStoreCollections } from "@/lib/prompts-store/collections";
import { promptCollections } from "@/lib/prompts/collections";
import { prodCollections } from "@/lib/prod/collections";
import { chatCollections } from "@/lib/chat/collections";
import { fcReportCollections } from "@/lib/fc-report/collections";
import { authCollections } from "@/lib/auth/collections";

export const allCollections: readonly AnyCollectionDef[] = [...coreCollections, ...billingCollections, ...compositionCollections, ...videoCollections, ...callCollections, ...productCollections, ...batchCollections, ...brandCollections, ...updateLogCollections, ...promptStoreCollections, ...promptCollections, ...prodCollections, ...chatCollections, ...fcReportCollections, ...authCollections];
