import type { Metadata } from "next";
import { Pencil } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/image-gen/edit";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenEditPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Pick an image and describe the changes you want." />
      <EmptyState
        icon={Pencil}
        heading="Choose an image to edit"
        primaryAction={{ label: "Open My images", href: "/image-gen/all" }}
        secondaryAction={{ label: "Reference images", href: "/image-gen/assets" }}
      >
        Pick one of your images to start editing. Everything you generate is kept in My images.
      </EmptyState>
    </>
  );
}
