"use client";

import { ImageIcon } from "lucide-react";

import { Skeleton } from "@/components/ui/skeleton";
import { useAssets } from "@/lib/client/hooks/use-assets";
import { useImages } from "@/lib/client/hooks/use-images";
import { AssetDropzone } from "./asset-dropzone";

interface SourcePickerProps {
  onPick(pick: { kind: "image" | "asset"; id: string }): void;
}

interface Choice {
  id: string;
  thumb: string;
  label: string;
}

function ChoiceGrid({
  heading,
  choices,
  loading,
  empty,
  onPick,
}: {
  heading: string;
  choices: Choice[];
  loading: boolean;
  empty: string;
  onPick(id: string): void;
}) {
  return (
    <section className="space-y-3">
      <h2 className="text-sm font-semibold">{heading}</h2>
      {loading ? (
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="aspect-square rounded-lg" />
          ))}
        </div>
      ) : choices.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ImageIcon aria-hidden="true" className="size-4" />
          {empty}
        </p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {choices.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => onPick(c.id)}
                className="block aspect-square w-full overflow-hidden rounded-lg border bg-muted transition-shadow hover:ring-2 hover:ring-primary"
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- signed URLs change on every fetch; no optimizer. */}
                <img
                  src={c.thumb}
                  alt={`Edit: ${c.label}`}
                  width={192}
                  height={192}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Where an edit starts: an upload, one of my images, or one of my reference images. */
export function SourcePicker({ onPick }: SourcePickerProps) {
  const images = useImages({});
  const assets = useAssets();
  return (
    <div className="space-y-8">
      <section className="space-y-3">
        <h2 className="text-sm font-semibold">Upload an image</h2>
        <AssetDropzone onUploaded={(asset) => onPick({ kind: "asset", id: asset.id })} />
      </section>
      <ChoiceGrid
        heading="Or start from one of my images"
        loading={images.isLoading}
        empty="You have no finished images yet."
        choices={images.items
          .filter((i) => i.status === "ready" && i.urls)
          .slice(0, 18)
          .map((i) => ({ id: i.id, thumb: i.urls!.thumbnail, label: i.settings.prompt || i.title }))}
        onPick={(id) => onPick({ kind: "image", id })}
      />
      <ChoiceGrid
        heading="Or one of my reference images"
        loading={assets.isLoading}
        empty="No reference images yet; upload one above."
        choices={assets.items.slice(0, 18).map((a) => ({ id: a.id, thumb: a.urls.thumbnail, label: a.name }))}
        onPick={(id) => onPick({ kind: "asset", id })}
      />
    </div>
  );
}
