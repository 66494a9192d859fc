import type { Metadata } from "next";
import { Clapperboard } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/remotion-test";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function RemotionTestPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Render Remotion compositions to check timing and layout before they go into a pipeline." />
      <EmptyState
        icon={Clapperboard}
        heading="No compositions to preview yet"
        primaryAction={{ label: "Open layouts", href: "/layouts" }}
        secondaryAction={{ label: "Open templates", href: "/templates" }}
      >
        Compositions built from layouts and templates can be previewed here.
      </EmptyState>
    </>
  );
}
