import type { Metadata } from "next";
import Link from "next/link";
import { Plus } from "lucide-react";

import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { VideoList } from "@/components/video/video-list";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/videos";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function VideosPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="All the videos you've made."
        actions={
          <Button asChild size="sm">
            <Link href="/prompt-to-video">
              <Plus />
              New video
            </Link>
          </Button>
        }
      />
      <VideoList />
    </>
  );
}
