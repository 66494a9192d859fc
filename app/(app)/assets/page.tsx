import type { Metadata } from "next";
import { FolderOpen } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/assets";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function AssetsPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Images, logos and other files you use in your designs and videos." />
      <EmptyState
        icon={FolderOpen}
        heading="No assets yet"
        primaryAction={{ label: "Generate an image", href: "/image-gen" }}
        secondaryAction={{ label: "Reference images", href: "/image-gen/assets" }}
      >
        Images you generate and files you use in your projects will be kept here. Start by generating an image.
      </EmptyState>
    </>
  );
}
