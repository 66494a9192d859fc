import type { Metadata } from "next";
import { Workflow } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/prod/pipelines";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ProdPipelinesPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Production pipelines and their runs." />
      <EmptyState
        icon={Workflow}
        heading="No pipelines to show yet"
        primaryAction={{ label: "View clients", href: "/prod/clients" }}
      >
        Production pipelines will be listed here with their latest runs.
      </EmptyState>
    </>
  );
}
