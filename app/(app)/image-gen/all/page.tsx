import type { Metadata } from "next";
import { Images } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/image-gen/all";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenAllPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Every image you've generated." />
      <EmptyState
        icon={Images}
        heading="No images yet"
        primaryAction={{ label: "Start generating", href: "/image-gen" }}
        secondaryAction={{ label: "Browse inspirations", href: "/image-gen/inspirations" }}
      >
        Images you generate will be saved here. Looking for a starting point? Browse inspirations.
      </EmptyState>
    </>
  );
}
