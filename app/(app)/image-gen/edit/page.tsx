import type { Metadata } from "next";
import { Suspense } from "react";

import { EditScreen } from "@/components/images/edit-screen";
import { GeneratorSkeleton } from "@/components/images/generator-skeleton";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/image-gen/edit";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenEditPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Start from one of your images, a reference image or an upload, describe the change, and paint where it goes."
      />
      {/* useSearchParams (?source=, ?asset=) needs a Suspense boundary. */}
      <Suspense fallback={<GeneratorSkeleton />}>
        <EditScreen />
      </Suspense>
    </>
  );
}
