import type { Metadata } from "next";
import { LayoutTemplate } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/layouts";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function LayoutsPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="The layouts that videos and designs are built from." />
      <EmptyState
        icon={LayoutTemplate}
        heading="No layouts to show yet"
        primaryAction={{ label: "Open layout generator", href: "/layout-gen" }}
        secondaryAction={{ label: "Layout progress", href: "/layouts/progress" }}
      >
        Layouts appear here once they are created or generated. Use the layout generator to make new ones.
      </EmptyState>
    </>
  );
}
