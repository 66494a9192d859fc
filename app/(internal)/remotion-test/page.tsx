import { Suspense } from "react";
import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { RemotionTest } from "@/components/studio/templates/remotion-test";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/remotion-test";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function RemotionTestPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Any template, version, layout and aspect ratio with sample text (or a real content item) in the Player, and a test render to MP4 on the server."
      />
      <Suspense fallback={<Skeleton className="h-96 w-full" />}>
        <RemotionTest />
      </Suspense>
    </>
  );
}
