"use client";

import Link from "next/link";
import { Images } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { useRecentImages } from "@/lib/client/hooks/use-images";
import { ImageGridSkeleton, ImageTile } from "./image-tile";
import { LoadError } from "@/components/common/load-error";

export const RECENT_LIMIT = 12;

/** The generator's "Recent" strip: the first page of my gallery. */
export function RecentImages() {
  const { data, error, isLoading } = useRecentImages(RECENT_LIMIT);
  return (
    <section aria-labelledby="recent-heading" className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="recent-heading" className="text-lg font-semibold tracking-tight">
          Recent
        </h2>
        <Link href="/image-gen/all" className="text-sm font-medium text-primary hover:underline">
          See all my images
        </Link>
      </div>
      {isLoading ? (
        <ImageGridSkeleton count={4} label="Loading recent images" />
      ) : error ? (
        <LoadError title="We couldn't load your recent images" message={error.message} />
      ) : !data || data.items.length === 0 ? (
        <EmptyState
          icon={Images}
          heading="No images yet"
          headingLevel="h3"
          secondaryAction={{ label: "Browse inspirations", href: "/image-gen/inspirations" }}
        >
          Write a prompt above and press Generate; your images will be kept here.
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {data.items.map((item) => (
            <li key={item.id}>
              <ImageTile item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
