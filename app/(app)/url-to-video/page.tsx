import type { Metadata } from "next";
import Link from "next/link";
import { Package } from "lucide-react";

import { UrlToVideo } from "@/components/links/url-to-video";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/url-to-video";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function UrlToVideoPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Paste a link to a web page, such as a product page or an article, check what we found, and turn it into a video."
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href="/product">
              <Package />
              {titleFor("/product")}
            </Link>
          </Button>
        }
      />
      <UrlToVideo />
    </>
  );
}
