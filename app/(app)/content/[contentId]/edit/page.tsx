import type { Metadata } from "next";
import Link from "next/link";
import { Video } from "lucide-react";

import { PageHeader } from "@/components/page-header";
import { PageEditor } from "@/components/pages/page-editor";
import { Button } from "@/components/ui/button";
import { StoryboardEditor } from "@/components/video/editor/storyboard-editor";
import { getDb } from "@/lib/db";
import { contentKindOf } from "@/lib/pages/service";
import { readIdParams } from "@/lib/routes/page-params";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/content/[contentId]/edit";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  params: Promise<{ contentId: string }>;
}

export default async function ContentEditPage({ params }: Props) {
  const { contentId } = await readIdParams(params);
  if ((await contentKindOf(getDb(), contentId)) === "page") {
    return (
      <>
        <PageHeader title={titleFor(PATTERN)} description="Compose the page from blocks; every edit is saved as you go." />
        <PageEditor id={contentId} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Change any scene's text, narration, picture, layout or length; every edit is saved as you go."
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href={`/videos/${encodeURIComponent(contentId)}`}>
              <Video />
              View video
            </Link>
          </Button>
        }
      />
      <StoryboardEditor id={contentId} />
    </>
  );
}
