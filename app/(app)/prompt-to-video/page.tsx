import type { Metadata } from "next";
import { WandSparkles } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/prompt-to-video";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function PromptToVideoPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Describe the video you want in your own words and turn it into a video." />
      <EmptyState
        icon={WandSparkles}
        heading="No videos from prompts yet"
        primaryAction={{ label: "See your videos", href: "/videos" }}
        secondaryAction={{ label: "Start from a link instead", href: "/url-to-video" }}
      >
        Videos you make from a prompt will appear here and in Videos.
      </EmptyState>
    </>
  );
}
