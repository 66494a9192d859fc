import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { LayoutBoard } from "@/components/studio/layouts/layout-board";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/layouts/progress";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function LayoutsProgressPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Every layout by stage: what is waiting on whom, who moved it last and how long it has waited."
      />
      <LayoutBoard />
    </>
  );
}
