import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { CandidateDetail } from "@/components/studio/layout-gen/candidate-detail";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/generated-layouts/[layoutId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ layoutId: string }>;
}

export default async function GeneratedLayoutsDetailPage({ params }: Props) {
  const { layoutId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <CandidateDetail layoutId={layoutId} />
    </>
  );
}
