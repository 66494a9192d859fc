import type { Metadata } from "next";
import { Images } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/image-gen/v1/all";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenV1AllPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Every image made with the classic generator." />
      <EmptyState
        icon={Images}
        heading="No classic images yet"
        primaryAction={{ label: "Open My images", href: "/image-gen/all" }}
        secondaryAction={{ label: "Back to classic", href: "/image-gen/v1" }}
      >
        Images made with the classic generator will be listed here. Your newer images are in My images.
      </EmptyState>
    </>
  );
}
