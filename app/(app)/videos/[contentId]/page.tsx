import type { Metadata } from "next";
import { Video } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/routes/page-params";
import { titleFor } from "@/lib/routes/titles";

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
      <MissingItem
        icon={Video}
        noun="video"
        ids={[{ label: "Video ID", value: contentId }]}
        back={{ label: "Back to videos", href: "/videos" }}
      />
    </>
  );
}
