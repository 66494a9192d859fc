import type { Metadata } from "next";
import { cache } from "react";
import { FileText } from "lucide-react";
import Link from "next/link";

import { MissingItem } from "@/components/missing-item";
import { PageHeader } from "@/components/page-header";
import { PageBlocks } from "@/components/pages/page-blocks";
import { getDb } from "@/lib/platform/db";
import { readPublicPage } from "@/lib/creation/pages/public";
import { readIdParams } from "@/lib/access/routes/page-params";
import { titleFor } from "@/lib/access/routes/titles";
import { pageMetadata } from "./page-metadata";

const PATTERN = "/pages/[pageId]";

/**
 * Served from the page cache like the other public viewers: rendered on the
 * first visit of an id, kept for 60 s or until the owner publishes,
 * unpublishes, edits or deletes it (lib/creation/pages/refresh.ts drops it at once).
 * Media go through stable public URLs that answer only while the page is
 * published; no auth or player code is shipped.
 */
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { pageId: string }[] {
  return [];
}

interface Props {
  params: Promise<{ pageId: string }>;
}

// One read per request for the metadata and the page.
const load = cache((id: string) => readPublicPage(getDb(), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { pageId } = await readIdParams(params);
  const page = await load(pageId);
  return page ? pageMetadata(page) : { title: titleFor(PATTERN), robots: { index: false } };
}

export default async function PagesDetailPage({ params }: Props) {
  const { pageId } = await readIdParams(params);
  const page = await load(pageId);
  if (!page) {
    return (
      <>
        <PageHeader title={titleFor(PATTERN)} />
        <MissingItem
          icon={FileText}
          noun="page"
          ids={[{ label: "Page ID", value: pageId }]}
          back={{ label: "Go to Promptframe", href: "/" }}
          reason="The link may be wrong, or the owner may have stopped sharing it."
        />
      </>
    );
  }
  return (
    <article className="mx-auto w-full max-w-3xl space-y-8">
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{page.title}</h1>
      <PageBlocks blocks={page.blocks} headingOffset={1} />
      <footer className="border-t pt-6 text-sm text-muted-foreground">
        Made with{" "}
        <Link href="/" className="font-medium text-primary hover:underline">
          Promptframe
        </Link>
      </footer>
    </article>
  );
}
