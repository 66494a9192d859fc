import { Badge } from "@/components/ui/badge";
import { STAGE_LABELS, type LibraryStage } from "@/lib/engine/composition/stages";

const VARIANT: Record<LibraryStage, "default" | "secondary" | "accent" | "outline" | "destructive"> = {
  draft: "outline",
  review: "accent",
  approved: "secondary",
  live: "default",
  retired: "outline",
};

/**
 * A layout's or template's library stage. Retired is a muted outline, like a
 * draft: retiring is an ordinary, reversible end of the pipeline (items made
 * with it keep rendering), not a failure, so it does not take the red the
 * app keeps for errors. (The template screens had their own copy showing it
 * in red; the layout screens' outline is the one kept.)
 */
export function StageBadge({ stage }: { stage: LibraryStage }) {
  return <Badge variant={VARIANT[stage]}>{STAGE_LABELS[stage]}</Badge>;
}

/** "3 h", "2 d": how long something has waited. */
export function waitedFor(since: string, now = Date.now()): string {
  const mins = Math.max(0, Math.round((now - Date.parse(since)) / 60000));
  if (mins < 60) return `${mins} min`;
  const h = Math.round(mins / 60);
  return h < 48 ? `${h} h` : `${Math.round(h / 24)} d`;
}
