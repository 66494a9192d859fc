/**
 * The library pipeline's stage rules, shared by layouts and templates:
 * draft → review → approved → live → retired, with the ways back a studio
 * needs (send back to draft, bring a retired item back). Only `live` items
 * appear in users' pickers; retiring hides an item from new work and keeps
 * everything already made with it rendering. Browser-safe.
 */
import { LIBRARY_STAGES, type LibraryStage } from "./layout-schema";

export { LIBRARY_STAGES, type LibraryStage };

export const STAGE_TRANSITIONS: Readonly<Record<LibraryStage, readonly LibraryStage[]>> = {
  draft: ["review"],
  review: ["approved", "draft"],
  approved: ["live", "draft"],
  live: ["retired"],
  retired: ["live", "draft"],
};

export const STAGE_LABELS: Readonly<Record<LibraryStage, string>> = {
  draft: "Draft",
  review: "In review",
  approved: "Approved",
  live: "Live",
  retired: "Retired",
};

/** The verb on the button that moves an item from one stage to another. */
export function stageActionLabel(from: LibraryStage, to: LibraryStage): string {
  if (to === "review") return "Send for review";
  if (to === "approved") return "Approve";
  if (to === "live") return from === "retired" ? "Bring back live" : "Make live";
  if (to === "retired") return "Retire";
  return from === "review" ? "Send back to draft" : "Back to draft";
}

export function canMoveStage(from: LibraryStage, to: LibraryStage): boolean {
  return STAGE_TRANSITIONS[from].includes(to);
}

/** Users' pickers show these. */
export const isPickable = (stage: LibraryStage) => stage === "live";
