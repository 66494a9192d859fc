import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { ReviewQueue } from "@/components/studio/layout-gen/review-queue";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/generated-layouts";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function GeneratedLayoutsPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Layouts made with the layout generator, ready for review: approve them into the layout pipeline or reject them with a reason."
      />
      <ReviewQueue />
    </>
  );
}
