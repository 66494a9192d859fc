import type { Metadata } from "next";
import { Flame } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/image-gen/trending";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenTrendingPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Popular images and styles across Promptframe." />
      <EmptyState
        icon={Flame}
        heading="Nothing trending yet"
        primaryAction={{ label: "Browse inspirations", href: "/image-gen/inspirations" }}
        secondaryAction={{ label: "Back to image generation", href: "/image-gen" }}
      >
        Images and styles that many people create and reuse will show up here. Browse inspirations for ideas.
      </EmptyState>
    </>
  );
}
