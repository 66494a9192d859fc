import type { Metadata } from "next";
import { Activity } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/layouts/progress";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function LayoutsProgressPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Layouts that are being generated or reviewed." />
      <EmptyState
        icon={Activity}
        heading="No layouts in progress"
        primaryAction={{ label: "Open layout generator", href: "/layout-gen" }}
        secondaryAction={{ label: "Layout tracker", href: "/layout-tracker" }}
      >
        Layouts being generated or reviewed will show their progress here.
      </EmptyState>
    </>
  );
}
