import type { Metadata } from "next";

import { AssetsLibrary } from "@/components/assets/assets-library";
import { BrandKitEditor } from "@/components/assets/brand-kit-editor";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/assets";

export const metadata: Metadata = { title: titleFor(PATTERN) };

/** The library of uploaded files (the same assets image generation uses as references) and the brand kit. */
export default function AssetsPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Images, logos, video clips, audio and fonts you use in your designs and videos, and your brand kit."
      />
      <AssetsLibrary />
      <section id="brand-kit" aria-labelledby="brand-kit-heading" className="mt-12 space-y-4 border-t pt-8">
        <div>
          <h2 id="brand-kit-heading" className="text-xl font-semibold">
            Brand kit
          </h2>
          <p className="text-sm text-muted-foreground">
            Your logo, colours and fonts. Videos use them when you turn on “Apply my brand kit”.
          </p>
        </div>
        <BrandKitEditor />
      </section>
    </>
  );
}
