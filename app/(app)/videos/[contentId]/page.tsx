import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { VideoDetail } from "@/components/video/video-detail";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/videos/[contentId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ contentId: string }>;
}

export default async function VideosDetailPage({ params }: Props) {
  const { contentId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <VideoDetail id={contentId} />
    </>
  );
}
