import type { Metadata } from "next";
import { Suspense } from "react";

import { PageHeader } from "@/components/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { WorkspaceScreen } from "@/components/workspace/workspace-screen";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/main";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function MainPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Everything you've made, in one place." />
      {/* The screen reads its filters from the URL. */}
      <Suspense fallback={<Skeleton className="h-40 w-full rounded-xl" />}>
        <WorkspaceScreen />
      </Suspense>
    </>
  );
}
