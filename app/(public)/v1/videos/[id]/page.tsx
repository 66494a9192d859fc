import type { Metadata } from "next";
import { Video } from "lucide-react";

import { MissingItem } from "@/components/missing-item";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/routes/page-params";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/v1/videos/[id]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ id: string }>;
}

export default async function V1VideosDetailPage({ params }: Props) {
  const { id } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <MissingItem
        icon={Video}
        noun="video"
        ids={[{ label: "Video ID", value: id }]}
        back={{ label: "Go to Promptframe", href: "/" }}
        reason="The link may be wrong, or the owner may have stopped sharing it."
      />
    </>
  );
}
