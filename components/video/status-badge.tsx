import { CircleAlert, CircleCheck, FilePen, LoaderCircle } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import type { VideoSummary } from "@/lib/creation/video/contract";
import { STATUS_TEXT } from "./video-text";

const ICONS = { draft: FilePen, rendering: LoaderCircle, ready: CircleCheck, failed: CircleAlert } as const;
const VARIANTS = { draft: "outline", rendering: "accent", ready: "secondary", failed: "destructive" } as const;

/** Draft, Rendering (with its percentage), Ready or Failed. */
export function VideoStatusBadge({
  status,
  percent,
  className,
}: {
  status: VideoSummary["status"];
  percent?: number | null;
  className?: string;
}) {
  const Icon = ICONS[status];
  return (
    <Badge variant={VARIANTS[status]} className={className}>
      <Icon
        aria-hidden="true"
        className={status === "rendering" ? "animate-spin motion-reduce:animate-none" : undefined}
      />
      {STATUS_TEXT[status]}
      {status === "rendering" && typeof percent === "number" ? <span className="tabular-nums">{percent}%</span> : null}
    </Badge>
  );
}
