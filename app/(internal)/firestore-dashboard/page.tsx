import type { Metadata } from "next";
import { Database } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/firestore-dashboard";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function FirestoreDashboardPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Browse the database's collections and documents." />
      <EmptyState
        icon={Database}
        heading="No collections to show yet"
      >
        Collections and their documents will be listed here, so you can inspect data without opening the database console.
      </EmptyState>
    </>
  );
}
