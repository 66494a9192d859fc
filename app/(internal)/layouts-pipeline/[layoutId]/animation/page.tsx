import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { LayoutAnimation } from "@/components/studio/layouts/layout-animation";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/layouts-pipeline/[layoutId]/animation";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ layoutId: string }>;
}

export default async function LayoutAnimationPage({ params }: Props) {
  const { layoutId } = await readIdParams(params);
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="How each slot enters and leaves, played live in the preview."
      />
      <LayoutAnimation layoutId={layoutId} />
    </>
  );
}
