import type { Metadata } from "next";
import { Suspense } from "react";

import { PageHeader } from "@/components/page-header";
import { LayoutGenScreen } from "@/components/studio/layout-gen/layout-gen-screen";
import { Spinner } from "@/components/ui/spinner";
import { defaultLanguageModelId, listLanguageModels } from "@/lib/platform/ai/language/models";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/layout-gen";

export const metadata: Metadata = { title: titleFor(PATTERN) };
// The model list depends on the server's keys at request time.
export const dynamic = "force-dynamic";

export default function LayoutGenPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Generate new layouts for videos and designs from a brief; candidates wait in Generated layouts for review."
      />
      <Suspense fallback={<Spinner label="Loading the layout generator" />}>
        <LayoutGenScreen models={listLanguageModels()} defaultModelId={defaultLanguageModelId()} />
      </Suspense>
    </>
  );
}
