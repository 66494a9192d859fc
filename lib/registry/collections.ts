/**
 * The app's registry of collections: the store's own and every domain's, in
 * one list that the drivers, the index generator, export/import, the account
 * export/delete and the data dashboard read (through `db.collections()`).
 * It sits above the domains, so the store (lib/platform/db) imports none of them; a
 * new domain adds its collections here.
 */
import type { AnyCollectionDef } from "@/lib/platform/db/define";
import { coreCollections } from "@/lib/platform/db/collections";
import { billingCollections } from "@/lib/money/billing/collections";
import { compositionCollections } from "@/lib/engine/composition/collections";
import { callCollections } from "@/lib/platform/ai/calls/collections";
import { videoCollections } from "@/lib/creation/video/collections";
import { segmentCollections } from "@/lib/creation/video/segment-collections";
import { productCollections } from "@/lib/creation/products/collections";
import { batchCollections } from "@/lib/creation/batches/collections";
import { brandCollections } from "@/lib/creation/brand/collections";
import { updateLogCollections } from "@/lib/platform/update-log/collections";
import { promptStoreCollections } from "@/lib/platform/prompts/collections";
import { promptCollections } from "@/lib/operations/prompt-testing/collections";
import { prodCollections } from "@/lib/operations/production/collections";
import { chatCollections } from "@/lib/operations/chat/collections";
import { fcReportCollections } from "@/lib/operations/fc-report/collections";
import { authCollections } from "@/lib/access/auth/collections";
import { galleryCollections } from "@/lib/creation/gallery/collections";
import { apiKeyCollections } from "@/lib/access/api-keys/collections";
import { webhookCollections } from "@/lib/platform/webhooks/collections";
import { countersCollection, type CounterDef } from "@/lib/platform/db/counters";
import { contentStatusCounter } from "@/lib/platform/db/content-counters";
import { compositionCounters } from "@/lib/engine/composition/counters";
import { callsCounter } from "@/lib/platform/ai/calls/counters";

/** Counters the store keeps in the same commit as every change they count (lib/platform/db/counters.ts). */
export const allCounters: readonly CounterDef[] = [contentStatusCounter, ...compositionCounters, callsCounter];

export const allCollections: readonly AnyCollectionDef[] = [
  ...coreCollections,
  ...billingCollections,
  ...compositionCollections,
  ...videoCollections,
  ...segmentCollections,
  ...callCollections,
  ...productCollections,
  ...batchCollections,
  ...brandCollections,
  ...updateLogCollections,
  ...promptStoreCollections,
  ...promptCollections,
  ...prodCollections,
  ...chatCollections,
  ...fcReportCollections,
  ...authCollections,
  ...galleryCollections,
  ...apiKeyCollections,
  ...webhookCollections,
  countersCollection(allCounters),
];
