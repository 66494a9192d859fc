import type { Metadata } from "next";
import { Workflow } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/routes/page-params";
import { titleFor } from "@/lib/routes/titles";

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
      <MissingItem
        icon={Workflow}
        noun="pipeline"
        ids={[{ label: "Pipeline ID", value: pipeId }]}
        back={{ label: "Back to pipelines", href: "/prod/pipelines" }}
      />
    </>
  );
}
