import type { Metadata } from "next";
import Link from "next/link";
import { FolderOpen, ImagePlus, Link as LinkIcon, WandSparkles } from "lucide-react";

import { LinkCard } from "@/components/link-card";
import { PageHeader } from "@/components/page-header";
import { RecentWork } from "@/components/workspace/recent-work";
import { titleFor } from "@/lib/access/routes/titles";

import { Greeting } from "./page-client";

const PATTERN = "/";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function HomePage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description={<Greeting />} />

      <section aria-labelledby="quick-create-heading">
        <h2 id="quick-create-heading" className="mb-4 text-lg font-semibold tracking-tight">
          Start something new
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <LinkCard
            href="/image-gen"
            icon={ImagePlus}
            title="Generate images"
            description="Describe what you want to see and turn it into images."
            headingLevel="h3"
          />
          <LinkCard
            href="/prompt-to-video"
            icon={WandSparkles}
            title="Prompt to video"
            description="Write a prompt and turn it into a video."
            headingLevel="h3"
          />
          <LinkCard
            href="/url-to-video"
            icon={LinkIcon}
            title="URL to video"
            description="Turn a web page, such as a product page, into a video."
            headingLevel="h3"
          />
          <LinkCard
            href="/assets"
            icon={FolderOpen}
            title="Your library"
            description="Find the images, logos and files you work with."
            headingLevel="h3"
          />
        </div>
      </section>

      <section aria-labelledby="recent-heading" className="mt-12">
        <div className="mb-4 flex items-baseline justify-between gap-4">
          <h2 id="recent-heading" className="text-lg font-semibold tracking-tight">
            Recent work
          </h2>
          <Link href="/main" className="text-sm font-medium text-primary hover:underline">
            Open workspace
          </Link>
        </div>
        <RecentWork />
      </section>
    </>
  );
}
