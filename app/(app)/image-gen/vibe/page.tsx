import type { Metadata } from "next";
import { Palette } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/image-gen/vibe";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenVibePage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Styles and moods that set the look of an image." />
      <EmptyState
        icon={Palette}
        heading="No vibes to show yet"
        primaryAction={{ label: "Browse inspirations", href: "/image-gen/inspirations" }}
        secondaryAction={{ label: "See what's trending", href: "/image-gen/trending" }}
      >
        Vibes you can apply to your images will be listed here. For ideas in the meantime, browse inspirations.
      </EmptyState>
    </>
  );
}
