import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { AnimationEditor } from "@/components/studio/templates/animation-editor";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/templates-pipeline/[templateId]/animation";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ templateId: string }>;
}

export default async function TemplateAnimationPage({ params }: Props) {
  const { templateId } = await readIdParams(params);
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Scene transitions, pacing, easing and music mood of the next version, with the whole sample video in the Player."
      />
      <AnimationEditor id={templateId} />
    </>
  );
}
