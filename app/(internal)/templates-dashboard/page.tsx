import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { TemplateDashboard } from "@/components/studio/templates/template-dashboard";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/templates-dashboard";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function TemplatesDashboardPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="How templates are used and how they perform: content made, renders, failures and render time."
      />
      <TemplateDashboard />
    </>
  );
}
