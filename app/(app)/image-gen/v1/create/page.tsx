import type { Metadata } from "next";
import { WandSparkles } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/image-gen/v1/create";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenV1CreatePage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Create images with the classic generator." />
      <EmptyState
        icon={WandSparkles}
        heading="No classic generations yet"
        primaryAction={{ label: "All images (classic)", href: "/image-gen/v1/all" }}
        secondaryAction={{ label: "Open Image generation", href: "/image-gen" }}
      >
        Images you create with the classic generator are listed in All images (classic). For new work, use Image generation.
      </EmptyState>
    </>
  );
}
