import type { Metadata } from "next";
import { Layers } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/routes/page-params";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/templates-pipeline/[templateId]/animation";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ templateId: string }>;
}

export default async function TemplatesPipelineAnimationPage({ params }: Props) {
  const { templateId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <MissingItem
        icon={Layers}
        noun="template"
        ids={[{ label: "Template ID", value: templateId }]}
        back={{ label: "Back to templates", href: "/templates" }}
      />
    </>
  );
}
