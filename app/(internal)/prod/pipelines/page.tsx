import { Suspense } from "react";
import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { PipelineList } from "@/components/production/pipeline-list";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/prod/pipelines";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ProdPipelinesPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="A client's source (CSV, product feed or links) turned into videos on demand or on a schedule, with outputs and webhooks."
      />
      <Suspense>
        <PipelineList />
      </Suspense>
    </>
  );
}
