"use client";
/**
 * /content/{id}/edit: one address for every kind of content, so this reads
 * the item's kind (GET /api/v1/content/{id}) and shows that kind's editor.
 * A new kind adds one entry to EDITORS.
 */
import type { ReactNode } from "react";
import Link from "next/link";
import { Video } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { DesignEditor } from "@/components/designs/design-editor";
import { PageEditor } from "@/components/pages/page-editor";
import { StoryboardEditor } from "@/components/video/editor/storyboard-editor";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { VideoNotFound } from "@/components/video/video-not-found";
import { useContentRef, type ContentRefView } from "@/lib/client/hooks/use-designs";

interface EditorEntry {
  description: string;
  actions?: (id: string) => ReactNode;
  render: (id: string) => ReactNode;
}

const EDITORS: Partial<Record<ContentRefView["kind"], EditorEntry>> = {
  video: {
    description: "Change any scene's text, narration, picture, layout or length.",
    actions: (id) => (
      <Button asChild variant="outline" size="sm">
        <Link href={`/videos/${encodeURIComponent(id)}`}>
          <Video />
          View video
        </Link>
      </Button>
    ),
    render: (id) => <StoryboardEditor id={id} />,
  },
  design: {
    description: "Change each page's layout, text and picture. Export as PNG or JPEG, or resize to the other sizes.",
    render: (id) => <DesignEditor key={id} id={id} />,
  },
  page: {
    description:
      "Compose the page from blocks: headings, text, your videos and pictures, buttons. Publish it when it is ready.",
    render: (id) => <PageEditor key={id} id={id} />,
  },
};

/** Under the page's header (the page is a server component): the kind's intro line, its actions, and its editor. */
export function ContentEditor({ id }: { id: string }) {
  const ref = useContentRef(id);
  if (ref.error && !ref.data) {
    if (ref.error.status === 404) return <VideoNotFound />;
    return (
      <ActionErrorPanel error={ref.error} action="We couldn't open this content" onDismiss={() => void ref.mutate()} />
    );
  }
  if (!ref.data) {
    return (
      <div role="status" aria-busy="true" className="space-y-4">
        <span className="sr-only">Loading</span>
        <Skeleton className="h-16 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  const entry = EDITORS[ref.data.kind];
  if (!entry) {
    return (
      <>
        <p className="text-sm text-muted-foreground">
          This item cannot be edited here.{" "}
          <Link
            href={ref.data.kind === "image" ? `/image-gen/${encodeURIComponent(id)}` : "/create"}
            className="font-medium text-primary hover:underline"
          >
            Open it
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <div className="-mt-4 mb-6 flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted-foreground">{entry.description}</p>
        {entry.actions ? <div className="flex flex-wrap gap-2">{entry.actions(id)}</div> : null}
      </div>
      {entry.render(id)}
    </>
  );
}
