import type { Metadata } from "next";
import Link from "next/link";
import { Sparkles } from "lucide-react";

import { Gallery } from "@/components/images/gallery";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/image-gen/all";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function ImageGenAllPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Every image you've generated, newest first. Open one to reuse its exact settings."
        actions={
          <Button asChild>
            <Link href="/image-gen">
              <Sparkles />
              Generate
            </Link>
          </Button>
        }
      />
      <Gallery />
    </>
  );
}
