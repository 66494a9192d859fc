import "server-only";
/** What the public /content/{id} page reads for a design: a public, exported design (stable media URLs), or null. */
import { getDb } from "@/lib/platform/db";
import { content } from "@/lib/platform/db/collections";
import { publicMediaPath } from "@/lib/creation/public-views/media";
import type { DesignFilesState, DesignSettings } from "./service/shared";
import { DOC_ID } from "@/lib/platform/db/ids";

export interface PublicDesign {
  id: string;
  title: string;
  image_url: string;
  width: number;
  height: number;
  pages: number;
  aspect_ratio: string;
}

export async function getPublicDesign(id: string): Promise<PublicDesign | null> {
  if (!DOC_ID.test(id)) return null;
  const snap = await getDb().collection(content).doc(id).get();
  if (!snap || snap.data.kind !== "design" || snap.data.visibility !== "public" || snap.data.status !== "ready")
    return null;
  const s = snap.data.settings as unknown as DesignSettings;
  const files: DesignFilesState | null = s.files;
  if (!files?.pages[0]) return null;
  return {
    id,
    title: snap.data.title,
    image_url: publicMediaPath(id, "original"),
    width: files.pages[0].width,
    height: files.pages[0].height,
    pages: files.pages.length,
    aspect_ratio: s.aspect_ratio,
  };
}
