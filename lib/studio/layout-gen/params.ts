import "server-only";
import { ApiError } from "@/lib/platform/api/errors";
import { LAYOUT_ID } from "@/lib/engine/composition/layout-schema";

/** The {layoutId} route parameter; anything that is not a layout slug is simply not there (404). */
export function layoutIdParam(params: Record<string, string | string[]>): string {
  const id = params.layoutId;
  if (typeof id !== "string" || !LAYOUT_ID.test(id))
    throw new ApiError("not_found", "There is no generated layout with this id.");
  return id;
}
