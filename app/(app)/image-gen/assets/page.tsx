import type { Metadata } from "next";
import { Frame } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/image-gen/assets";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenAssetsPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Images that guide a generation, such as a product shot or a logo." />
      <EmptyState
        icon={Frame}
        heading="No reference images yet"
        primaryAction={{ label: "Open assets", href: "/assets" }}
        secondaryAction={{ label: "Back to image generation", href: "/image-gen" }}
      >
        Reference images help keep products, faces and brand elements consistent. Your saved files live in Assets.
      </EmptyState>
    </>
  );
}
