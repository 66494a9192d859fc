import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { Images, Lightbulb } from "lucide-react";

import { Generator } from "@/components/images/generator";
import { GeneratorSkeleton } from "@/components/images/generator-skeleton";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/image-gen";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Describe what you want to see, pick a look and a shape, and watch your images arrive."
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <Link href="/image-gen/inspirations">
                <Lightbulb />
                {titleFor("/image-gen/inspirations")}
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href="/image-gen/all">
                <Images />
                {titleFor("/image-gen/all")}
              </Link>
            </Button>
          </>
        }
      />
      {/* useSearchParams (prefill, ?job=) needs a Suspense boundary to keep the shell static. */}
      <Suspense fallback={<GeneratorSkeleton />}>
        <Generator />
      </Suspense>
    </>
  );
}
