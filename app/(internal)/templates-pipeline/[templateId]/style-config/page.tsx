import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { StyleEditor } from "@/components/studio/templates/style-editor";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/templates-pipeline/[templateId]/style-config";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ templateId: string }>;
}

export default async function TemplateStyleConfigPage({ params }: Props) {
  const { templateId } = await readIdParams(params);
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Fonts, palette, type and spacing of the next version, previewed live in every aspect ratio."
      />
      <StyleEditor id={templateId} />
    </>
  );
}
