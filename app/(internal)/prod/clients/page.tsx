import type { Metadata } from "next";
import { Building2 } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/prod/clients";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ProdClientsPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Production clients and their pipelines." />
      <EmptyState
        icon={Building2}
        heading="No clients to show yet"
        primaryAction={{ label: "View pipelines", href: "/prod/pipelines" }}
      >
        Production clients will be listed here with the pipelines that serve them.
      </EmptyState>
    </>
  );
}
