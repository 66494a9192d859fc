import type { Metadata } from "next";
import Link from "next/link";
import { Video } from "lucide-react";

import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { CreateVideoForm } from "@/components/video/create-video-form";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/prompt-to-video";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function PromptToVideoPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Describe the video you want in your own words. You get a storyboard to edit, or a finished video straight away."
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href="/videos">
              <Video />
              {titleFor("/videos")}
            </Link>
          </Button>
        }
      />
      <CreateVideoForm />
    </>
  );
}
