import type { Metadata } from "next";
import { Video } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/videos";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function VideosPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="All the videos you've made." />
      <EmptyState
        icon={Video}
        heading="No videos yet"
        primaryAction={{ label: "Create a video from a prompt", href: "/prompt-to-video" }}
        secondaryAction={{ label: "Use a link", href: "/url-to-video" }}
      >
        Make your first video from a prompt, or from a link to a web page.
      </EmptyState>
    </>
  );
}
