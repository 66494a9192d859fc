import type { Metadata } from "next";
import { Boxes } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/generated-layouts";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function GeneratedLayoutsPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Layouts made with the layout generator, ready for review." />
      <EmptyState
        icon={Boxes}
        heading="No generated layouts yet"
        primaryAction={{ label: "Open layout generator", href: "/layout-gen" }}
      >
        Layouts made with the layout generator will be listed here for review.
      </EmptyState>
    </>
  );
}
