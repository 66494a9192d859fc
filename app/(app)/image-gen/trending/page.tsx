import type { Metadata } from "next";

import { TrendingGrid } from "@/components/images/trending-grid";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/image-gen/trending";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenTrendingPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Public images from across Promptframe, ranked by recent likes and remixes."
      />
      <TrendingGrid />
    </>
  );
}
