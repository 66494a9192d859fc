import { VideoOff } from "lucide-react";

import { EmptyState } from "@/components/empty-state";

/** A video that is not mine, deleted, or never was: one answer for each. */
export function VideoNotFound() {
  return (
    <EmptyState
      icon={VideoOff}
      heading="We couldn't find this video"
      primaryAction={{ label: "Back to videos", href: "/videos" }}
      secondaryAction={{ label: "Make a new video", href: "/prompt-to-video" }}
    >
      It may have been deleted, or the link may be wrong.
    </EmptyState>
  );
}
