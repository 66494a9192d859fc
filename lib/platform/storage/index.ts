import "server-only";
/**
 * Blob storage entry point: `getBlobStore()` opens the configured driver once.
 * STORAGE_DRIVER=local|gcs wins; otherwise Cloud Storage when
 * FIREBASE_STORAGE_BUCKET is set together with service-account credentials,
 * else files under `<DATA_DIR>/blobs`.
 */
import path from "node:path";
import { getStorage } from "firebase-admin/storage";
import { dataApp } from "@/lib/platform/db/firestore/open-firestore";
import { GcsBlobStore } from "./gcs-store";
import { LocalBlobStore } from "./local-store";
import { loadSigningSecret } from "./signing";
import type { BlobStore } from "./types";

export type { BlobStore, BlobInfo, BlobRead } from "./types";
export { StorageError, isStorageError } from "./errors";
export { DEFAULT_ALLOWED_TYPES, IMAGE_TYPES, VIDEO_TYPES } from "./sniff";

/** Where the local driver's signed URLs point; app/api/v1/blobs/[...key]/route.ts serves them (see serve.ts). */
export const LOCAL_BLOB_ROUTE = "/api/v1/blobs";

let instance: BlobStore | null = null;

export function storageDriver(env: Record<string, string | undefined> = process.env): "local" | "gcs" {
  const explicit = env.STORAGE_DRIVER?.trim();
  if (explicit === "local" || explicit === "gcs") return explicit;
  if (explicit) throw new Error(`STORAGE_DRIVER must be "local" or "gcs", got "${explicit}"`);
  return env.FIREBASE_STORAGE_BUCKET && (env.FIREBASE_SERVICE_ACCOUNT || env.GOOGLE_APPLICATION_CREDENTIALS)
    ? "gcs"
    : "local";
}

export function localSigningSecret(): Buffer {
  return loadSigningSecret(process.env.DATA_DIR || ".data");
}

export function getBlobStore(): BlobStore {
  if (instance) return instance;
  if (storageDriver() === "gcs") {
    const bucket = process.env.FIREBASE_STORAGE_BUCKET;
    if (!bucket) throw new Error("STORAGE_DRIVER=gcs needs FIREBASE_STORAGE_BUCKET");
    instance = new GcsBlobStore(getStorage(dataApp()).bucket(bucket));
  } else {
    const dataDir = process.env.DATA_DIR || ".data";
    instance = new LocalBlobStore({
      root: path.join(dataDir, "blobs"),
      secret: localSigningSecret(),
      urlPrefix: LOCAL_BLOB_ROUTE,
    });
  }
  return instance;
}
