import type { Metadata } from "next";
import { Lightbulb } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/image-gen/inspirations";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenInspirationsPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Example images and prompts to start from." />
      <EmptyState
        icon={Lightbulb}
        heading="No inspirations to show yet"
        primaryAction={{ label: "See what's trending", href: "/image-gen/trending" }}
        secondaryAction={{ label: "Back to image generation", href: "/image-gen" }}
      >
        Examples you can reuse as a starting point will be collected here. See what&apos;s trending in the meantime.
      </EmptyState>
    </>
  );
}
