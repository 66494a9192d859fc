import { Badge } from "@/components/ui/badge";
import type { LibraryStage } from "@/lib/composition/layout-schema";
import { STAGE_LABELS } from "@/lib/composition/stages";

const VARIANT: Record<LibraryStage, "default" | "secondary" | "outline" | "accent" | "destructive"> = {
  draft: "outline",
  review: "accent",
  approved: "secondary",
  live: "default",
  retired: "destructive",
};

export function StageBadge({ stage }: { stage: LibraryStage }) {
  return <Badge variant={VARIANT[stage]}>{STAGE_LABELS[stage]}</Badge>;
}
