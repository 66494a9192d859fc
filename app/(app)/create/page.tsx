import type { Metadata } from "next";
import Link from "next/link";
import { Clapperboard, ImagePlus, Link as LinkIcon, Package, Pencil, WandSparkles } from "lucide-react";

import { LinkCard } from "@/components/link-card";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/create";

export const metadata: Metadata = { title: titleFor(PATTERN) };

const OPTIONS = [
  {
    href: "/image-gen",
    icon: ImagePlus,
    title: "Images",
    description: "Describe what you want to see and turn it into images.",
  },
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
    icon: Clapperboard,
    title: "Megapot",
    description: "Pick up your Megapot video projects.",
  },
  {
    href: "/image-gen/edit",
    icon: Pencil,
    title: "Edit an image",
    description: "Change an image you already have.",
  },
  {
    href: "/product",
    icon: Package,
    title: "Product visuals",
    description: "Make images and videos for the products you sell.",
  },
] as const;

export default function CreatePage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Choose what you want to make." />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {OPTIONS.map((option) => (
          <LinkCard key={option.href} {...option} />
        ))}
      </div>
      <p className="mt-8 text-sm text-muted-foreground">
        Prefer the classic image generator?{" "}
        <Link href="/image-gen/v1" className="font-medium text-primary hover:underline">
          Open Image generation (classic)
        </Link>
      </p>
    </>
  );
}
