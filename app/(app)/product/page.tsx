import type { Metadata } from "next";
import { Package } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/product";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ProductPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Make images and videos for the products you sell." />
      <EmptyState
        icon={Package}
        heading="No products yet"
        primaryAction={{ label: "Turn a product page into a video", href: "/url-to-video" }}
        secondaryAction={{ label: "Generate product images", href: "/image-gen" }}
      >
        Products you work on will be listed here with the images and videos made for them. To start, turn a product page into a video or generate product images.
      </EmptyState>
    </>
  );
}
