import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { LayoutTracker } from "@/components/studio/layouts/layout-tracker";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/layout-tracker";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  searchParams: Promise<{ layout?: string | string[] }>;
}

export default async function LayoutTrackerPage({ searchParams }: Props) {
  const raw = (await searchParams).layout;
  const layout = typeof raw === "string" && /^[a-z0-9][a-z0-9-]{0,63}$/.test(raw) ? raw : null;
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Each layout's way through the stages (who, when, what changed) and its use since it went live."
      />
      <LayoutTracker layoutId={layout} />
    </>
  );
}
