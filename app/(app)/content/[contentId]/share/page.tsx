import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { ContentShare } from "@/components/content/content-share";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/content/[contentId]/share";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ contentId: string }>;
}

export default async function ContentSharePage({ params }: Props) {
  const { contentId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Who can see it, and where it can be shown." />
      <ContentShare id={contentId} />
    </>
  );
}
