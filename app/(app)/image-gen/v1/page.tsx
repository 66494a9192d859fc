import type { Metadata } from "next";
import Link from "next/link";
import { Images, Pencil, WandSparkles } from "lucide-react";

import { LinkCard } from "@/components/link-card";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/image-gen/v1";

export const metadata: Metadata = { title: titleFor(PATTERN) };

const AREAS = [
  { pattern: "/image-gen/v1/create", icon: WandSparkles, description: "Create images with the classic generator." },
  { pattern: "/image-gen/v1/edit", icon: Pencil, description: "Edit images made with the classic generator." },
  { pattern: "/image-gen/v1/all", icon: Images, description: "Every image made with the classic generator." },
] as const;

export default function ClassicImageGenPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="The original image generator, kept for existing projects." />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {AREAS.map(({ pattern, icon, description }) => (
          <LinkCard key={pattern} href={pattern} icon={icon} title={titleFor(pattern)} description={description} />
        ))}
      </div>
      <p className="mt-8 text-sm text-muted-foreground">
        For new work, use{" "}
        <Link href="/image-gen" className="font-medium text-primary hover:underline">
          {titleFor("/image-gen")}
        </Link>
        .
      </p>
    </>
  );
}
