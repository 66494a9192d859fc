import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { LayoutEditor } from "@/components/studio/layouts/layout-editor";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/layouts-pipeline/[layoutId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ layoutId: string }>;
}

export default async function LayoutsPipelineDetailPage({ params }: Props) {
  const { layoutId } = await readIdParams(params);
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Arrange the slots in every aspect ratio, check them with short and long sample content, and move the layout through its stages."
      />
      <LayoutEditor layoutId={layoutId} />
    </>
  );
}
