import { FlaskConical } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import type { GeneratedLayoutView } from "@/lib/studio/layout-gen/contract";

const STATUS: Record<
  GeneratedLayoutView["generation"]["status"],
  { label: string; variant: "secondary" | "default" | "destructive" }
> = {
  pending: { label: "Waiting for review", variant: "secondary" },
  accepted: { label: "Approved", variant: "default" },
  rejected: { label: "Rejected", variant: "destructive" },
};

/** Which model made it (saying plainly when it was the Local preview rules), its review status and when. */
export function CandidateMeta({ layout }: { layout: GeneratedLayoutView }) {
  const s = STATUS[layout.generation.status];
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      <Badge variant={s.variant}>{s.label}</Badge>
      {layout.preview ? (
        <Badge variant="outline" title="Arranged by rules on this server from the brief's words; not AI">
          <FlaskConical aria-hidden="true" />
          Local preview (not AI)
        </Badge>
      ) : (
        <span>Made by {layout.model_label}</span>
      )}
      {layout.demo ? <Badge variant="outline">Demo</Badge> : null}
      <time dateTime={layout.created_at}>{new Date(layout.created_at).toLocaleString()}</time>
    </div>
  );
}

export function BriefQuote({ brief }: { brief: string }) {
  return (
    <blockquote className="border-l-2 pl-3 text-sm text-muted-foreground">
      <span className="sr-only">Brief: </span>
      {brief}
    </blockquote>
  );
}
