import type { Metadata } from "next";

import { ImageDetail } from "@/components/images/image-detail";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/image-gen/[id]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ id: string }>;
}

export default async function ImageGenDetailPage({ params }: Props) {
  const { id } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <ImageDetail id={id} />
    </>
  );
}
