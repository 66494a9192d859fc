import { Suspense } from "react";
import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { PipelineDetail } from "@/components/production/pipeline-detail";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/prod/pipelines/[pipeId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ pipeId: string }>;
}

export default async function ProdPipelinesDetailPage({ params }: Props) {
  const { pipeId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <Suspense>
        <PipelineDetail id={pipeId} />
      </Suspense>
    </>
  );
}
