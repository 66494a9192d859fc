import type { Metadata } from "next";
import Link from "next/link";
import { ArrowRight, FolderOpen, ImagePlus, Link as LinkIcon, WandSparkles, type LucideIcon } from "lucide-react";

import { PublicGallery } from "@/components/gallery/public-gallery";
import { Button } from "@/components/ui/button";

/*
 * The rewrite target of the hard-to-guess public path (PREVIEW_ROUTE). It is
 * not in the route map (the middleware 404s it when asked for directly), so
 * its title lives here. The page stays static: the public gallery is read in
 * the browser (components/gallery/public-gallery.tsx), so it is never stale.
 */
export const metadata: Metadata = {
  // Absolute: the root layout's "%s · Promptframe" template would repeat the name.
  title: { absolute: "Promptframe: create designs, images and videos with AI" },
  description: "Create designs, images and videos with AI.",
  // Reachable only through a secret link: keep it out of search engines.
  robots: { index: false, follow: false },
};

const FEATURES: readonly { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: ImagePlus,
    title: "Images from a prompt",
    description: "Describe what you want to see and get images you can edit and reuse.",
  },
  {
    icon: WandSparkles,
    title: "Videos from a prompt",
    description: "Write what your video should show and say, and turn it into a video.",
  },
  {
    icon: LinkIcon,
    title: "Videos from a link",
    description: "Turn a web page, such as a product page, into a short video.",
  },
  {
    icon: FolderOpen,
    title: "One library",
    description: "Keep your images, logos and files together, ready for the next project.",
  },
];

export default function PublicPreviewPage() {
  return (
    <div className="space-y-16 sm:space-y-20">
      <section className="mx-auto max-w-3xl pt-4 text-center sm:pt-10">
        <p className="mb-4 inline-flex items-center rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
          Designs, images and videos with AI
        </p>
        <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          Turn an idea into something you can share
        </h1>
        <p className="mx-auto mt-5 max-w-xl text-lg text-pretty text-muted-foreground">
          Promptframe turns prompts, links and images into designs, images and videos, all in one place.
        </p>
        <div className="mt-8 flex justify-center">
          <Button asChild size="lg">
            <Link href="/login">
              Sign in
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </section>

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="mb-6 text-center text-2xl font-semibold tracking-tight">
          What you can make
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, description }) => (
            <li key={title} className="rounded-xl border bg-card p-5 shadow-xs">
              <span className="mb-4 flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="font-semibold tracking-tight">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="gallery-heading">
        <h2 id="gallery-heading" className="mb-6 text-center text-2xl font-semibold tracking-tight">
          Public gallery
        </h2>
        <PublicGallery />
      </section>
    </div>
  );
}
