import type { Metadata } from "next";

import { AssetsManager } from "@/components/image-gen/assets-manager";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/assets";

export const metadata: Metadata = { title: titleFor(PATTERN) };

/** The library of uploaded files: the same assets image generation uses as references. */
export default function AssetsPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Images, logos and other files you use in your designs and videos." />
      <AssetsManager />
    </>
  );
}
