import "server-only";
/**
 * Reads one of my designs (its full view).
 */
import type { DesignView } from "../contract";
import { type DesignDeps, ownedDesign, toDesignView } from "./shared";

export async function getDesign(deps: DesignDeps, uid: string, id: string): Promise<DesignView> {
  const { doc, body } = await ownedDesign(deps.db, uid, id);
  return toDesignView(deps, id, doc, body);
}
