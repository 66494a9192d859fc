import type { Metadata } from "next";
import { WandSparkles } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/layout-gen";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function LayoutGenPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Generate new layouts for videos and designs." />
      <EmptyState
        icon={WandSparkles}
        heading="No layouts generated yet"
        primaryAction={{ label: "Open generated layouts", href: "/generated-layouts" }}
        secondaryAction={{ label: "Layout progress", href: "/layouts/progress" }}
      >
        Layouts you generate are kept in Generated layouts for review.
      </EmptyState>
    </>
  );
}
