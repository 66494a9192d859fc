import type { Metadata } from "next";
import { Suspense } from "react";
import Link from "next/link";
import { ImagePlus, LayoutTemplate, Layers, Link as LinkIcon, Package, WandSparkles } from "lucide-react";

import { CreateHub } from "@/components/create/create-hub";
import { LinkCard } from "@/components/link-card";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/create";

export const metadata: Metadata = { title: titleFor(PATTERN) };

const OPTIONS = [
  {
    href: "/prompt-to-video",
    icon: WandSparkles,
    title: "Video from a prompt",
    description: "Write what the video should show and say.",
  },
  {
    href: "/url-to-video",
    icon: LinkIcon,
    title: "Video from a link",
    description: "Turn a web page, such as a product page, into a video.",
  },
  {
    href: "/megapot",
    icon: Layers,
    title: "Videos in bulk",
    description: "Many videos at once, from a list of links or a spreadsheet.",
  },
  {
    href: "/create?make=design#new-design",
    icon: LayoutTemplate,
    title: "Design",
    description: "A social post, banner or thumbnail, in every size.",
  },
  {
    href: "/image-gen",
    icon: ImagePlus,
    title: "Images",
    description: "Describe what you want to see and turn it into images.",
  },
  {
    href: "/product",
    icon: Package,
    title: "Product visuals",
    description: "Make designs and videos for the products you sell.",
  },
] as const;

/**
 * The signed-in starting point. The cards are static (this page is in the
 * speed benchmarks); the new-design flow, the template gallery and the
 * drafts load in the browser afterwards (CreateHub reads `?make=` there, so
 * the page itself stays static).
 */
export default function CreatePage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Choose what you want to make, or start from a template." />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {OPTIONS.map((option) => (
          <LinkCard key={option.href} {...option} />
        ))}
      </div>
      <Suspense fallback={null}>
        <CreateHub />
      </Suspense>
      <p className="mt-8 text-sm text-muted-foreground">
        Prefer the classic image generator?{" "}
        <Link href="/image-gen/v1" className="font-medium text-primary hover:underline">
          Open Image generation (classic)
        </Link>
      </p>
    </>
  );
}
