import type { Metadata } from "next";

import { AssetsManager } from "@/components/images/assets-manager";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/image-gen/assets";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenAssetsPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Images that guide a generation, such as a product shot or a logo. The same files as Assets."
      />
      <AssetsManager />
    </>
  );
}
