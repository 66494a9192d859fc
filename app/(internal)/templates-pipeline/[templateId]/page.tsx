import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { TemplatePage } from "@/components/studio/templates/template-page";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/templates-pipeline/[templateId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ templateId: string }>;
}

export default async function TemplatesPipelineDetailPage({ params }: Props) {
  const { templateId } = await readIdParams(params);
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Its layouts, versions and checks; stage actions and publishing."
      />
      <TemplatePage id={templateId} />
    </>
  );
}
