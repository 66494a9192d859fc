import type { Metadata } from "next";
import { Suspense } from "react";

import { CollectionsScreen } from "@/components/data-dashboard/collections-screen";
import { PageHeader } from "@/components/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/firestore-dashboard";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function FirestoreDashboardPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Browse, edit and export the database's collections. Edits are checked against each collection's schema and recorded in the update log; secrets stay masked."
      />
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <CollectionsScreen />
      </Suspense>
    </>
  );
}
