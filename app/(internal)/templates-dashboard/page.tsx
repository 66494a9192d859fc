import type { Metadata } from "next";
import { LayoutDashboard } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/templates-dashboard";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function TemplatesDashboardPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="How templates are used and how they perform." />
      <EmptyState
        icon={LayoutDashboard}
        heading="No template activity to show yet"
        primaryAction={{ label: "Browse templates", href: "/templates" }}
      >
        Usage and performance of templates will be summarised here once they are in use.
      </EmptyState>
    </>
  );
}
