import type { Metadata } from "next";
import { Pencil } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/image-gen/v1/edit";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenV1EditPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Edit images made with the classic generator." />
      <EmptyState
        icon={Pencil}
        heading="Choose an image to edit"
        primaryAction={{ label: "All images (classic)", href: "/image-gen/v1/all" }}
        secondaryAction={{ label: "Back to classic", href: "/image-gen/v1" }}
      >
        Pick an image from All images (classic) to edit it here.
      </EmptyState>
    </>
  );
}
