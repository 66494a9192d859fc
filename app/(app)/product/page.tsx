import type { Metadata } from "next";
import { Suspense } from "react";

import { PageHeader } from "@/components/page-header";
import { Catalogue } from "@/components/products/catalogue";
import { Skeleton } from "@/components/ui/skeleton";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/product";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ProductPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="What you sell, with the videos, images and designs made from each product."
      />
      {/* The open product lives in ?id= (useSearchParams needs a Suspense boundary to keep the shell static). */}
      <Suspense fallback={<Skeleton className="h-64 w-full rounded-xl" />}>
        <Catalogue />
      </Suspense>
    </>
  );
}
