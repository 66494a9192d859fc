import type { Metadata } from "next";
import { Layers } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/templates";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function TemplatesPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="The templates customers start their designs and videos from." />
      <EmptyState
        icon={Layers}
        heading="No templates to show yet"
        primaryAction={{ label: "Open templates dashboard", href: "/templates-dashboard" }}
      >
        Templates appear here once they are added. The templates dashboard summarises how they are used.
      </EmptyState>
    </>
  );
}
