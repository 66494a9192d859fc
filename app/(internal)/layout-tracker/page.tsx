import type { Metadata } from "next";
import { ChartGantt } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/layout-tracker";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function LayoutTrackerPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="The status of every tracked layout." />
      <EmptyState
        icon={ChartGantt}
        heading="No layouts to track yet"
        primaryAction={{ label: "Layout progress", href: "/layouts/progress" }}
        secondaryAction={{ label: "Open layouts", href: "/layouts" }}
      >
        Tracked layouts and their status will be listed here.
      </EmptyState>
    </>
  );
}
