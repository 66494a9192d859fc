import type { Metadata } from "next";
import Link from "next/link";
import { Flame, Frame, Images, Lightbulb, Palette, Pencil } from "lucide-react";

import { LinkCard } from "@/components/link-card";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/routes/titles";

const PATTERN = "/image-gen";

export const metadata: Metadata = { title: titleFor(PATTERN) };

/** Every image screen, titled from the route map so the cards read like the sidebar. */
const AREAS = [
  { pattern: "/image-gen/all", icon: Images, description: "Every image you've generated, in one place." },
  { pattern: "/image-gen/edit", icon: Pencil, description: "Pick an image and describe the changes you want." },
  { pattern: "/image-gen/inspirations", icon: Lightbulb, description: "Example images and prompts to start from." },
  { pattern: "/image-gen/vibe", icon: Palette, description: "Styles and moods that set the look of an image." },
  { pattern: "/image-gen/assets", icon: Frame, description: "Images that guide a generation, like a product shot or a logo." },
  { pattern: "/image-gen/trending", icon: Flame, description: "Popular images and styles across Promptframe." },
] as const;

export default function ImageGenPage() {
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Describe what you want to see and turn it into images, then edit, restyle and reuse them."
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {AREAS.map(({ pattern, icon, description }) => (
          <LinkCard key={pattern} href={pattern} icon={icon} title={titleFor(pattern)} description={description} />
        ))}
      </div>
      <p className="mt-8 text-sm text-muted-foreground">
        Working on an older project?{" "}
        <Link href="/image-gen/v1" className="font-medium text-primary hover:underline">
          Open {titleFor("/image-gen/v1")}
        </Link>
      </p>
    </>
  );
}
