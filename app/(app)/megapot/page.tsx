import { Suspense } from "react";
import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";
import { MegapotClient } from "./page-client";

const PATTERN = "/megapot";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function MegapotPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Many videos at once: paste up to 100 links or prompts, or upload a CSV, pick the look once, and download them all as one ZIP."
      />
      <Suspense>
        <MegapotClient />
      </Suspense>
    </>
  );
}
