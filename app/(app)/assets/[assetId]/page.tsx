import type { Metadata } from "next";

import { AssetDetail } from "@/components/assets/asset-detail";
import { PageHeader } from "@/components/page-header";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/assets/[assetId]";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ assetId: string }>;
}

export default async function AssetsDetailPage({ params }: Props) {
  const { assetId } = await readIdParams(params);
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} />
      <AssetDetail id={assetId} />
    </>
  );
}
