import { FlaskConical } from "lucide-react";

import { Badge } from "@/components/ui/badge";

/**
 * Shown wherever the local model is in play: its images are procedural
 * drawings made on this server, and must never pass for AI output.
 */
export function LocalPreviewBadge({ className }: { className?: string }) {
  return (
    <Badge variant="outline" className={className} title="Made on this server from the prompt's words and seed; not AI">
      <FlaskConical aria-hidden="true" />
      Local preview
    </Badge>
  );
}
