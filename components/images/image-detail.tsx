"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useSWRConfig } from "swr";
import { Download, ImageOff, Pencil, Repeat2, SlidersHorizontal, Trash2 } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { deleteImage, downloadUrl, useImage } from "@/lib/client/hooks/use-image";
import { isLocalModel, useModels } from "@/lib/client/hooks/use-models";
import { isProfileKey } from "@/lib/client/hooks/use-profile";
import { ConfirmDialog } from "./confirm-dialog";
import { generatorHref, settingsOfImage } from "./generator-params";
import { imageBox } from "./image-size";
import { ImageSettingsList } from "./image-settings-list";
import { LikeButton } from "./like-button";
import { SharePanel } from "./share-panel";
import { VariationsButton } from "./variations-button";
import { LoadError } from "@/components/common/load-error";

/** /image-gen/{id}: the image large, its settings, and what can be done with it. */
export function ImageDetail({ id }: { id: string }) {
  const router = useRouter();
  const { mutate: globalMutate } = useSWRConfig();
  const { data: item, error, mutate } = useImage(id, { poll: 1500 });
  const models = useModels();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (error && !item) {
    if (error.status === 404 || error.status === 403) {
      return (
        <EmptyState
          icon={ImageOff}
          heading="We couldn't find this image"
          primaryAction={{ label: "Back to my images", href: "/image-gen/all" }}
          secondaryAction={{ label: "Generate an image", href: "/image-gen" }}
        >
          It may have been deleted, made private by its owner, or the link may be wrong.
        </EmptyState>
      );
    }
    return <LoadError title="We couldn't load this image" message={error.message} onRetry={() => mutate()} />;
  }

  if (!item) {
    return (
      <div role="status" aria-busy="true" className="grid gap-8 lg:grid-cols-12">
        <span className="sr-only">Loading the image</span>
        <Skeleton className="aspect-square w-full rounded-xl lg:col-span-7" />
        <div className="space-y-3 lg:col-span-5">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </div>
    );
  }

  const mine = item.is_mine;
  const model = models.data?.models.find((m) => m.id === item.settings.model_id);
  // Before the model list loads (or for a model since removed), the recorded id/label tells.
  const isLocal = model ? isLocalModel(model) : /local/i.test(`${item.settings.model_id} ${item.settings.model_label}`);
  const box = imageBox({
    aspectRatio: item.settings.aspect_ratio,
    width: item.settings.width,
    height: item.settings.height,
  });
  const ready = item.status === "ready" && item.urls;

  const remove = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteImage(item.id);
      void globalMutate(isProfileKey);
      router.push("/image-gen/all");
    } catch (e) {
      setDeleteError(e instanceof Error ? e.message : "The image was not deleted. Try again.");
      setDeleting(false);
      setConfirming(false);
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-12">
      <div className="lg:col-span-7">
        {ready ? (
          <a
            href={item.urls!.original}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-xl border bg-muted"
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- signed URLs change on every fetch; no optimizer. */}
            <img
              src={item.urls!.original}
              alt={item.settings.prompt}
              width={box.width}
              height={box.height}
              className="h-auto w-full"
            />
          </a>
        ) : (
          <div className="flex aspect-square flex-col items-center justify-center gap-3 rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
            {item.status === "failed" ? (
              <>
                <ImageOff aria-hidden="true" className="size-8" />
                <p role="alert">
                  This image failed: {item.error ?? "the provider did not return it."} Its credits were refunded.
                </p>
              </>
            ) : (
              <>
                <Skeleton className="size-16 rounded-full" />
                <p role="status">This image is still being generated.</p>
              </>
            )}
          </div>
        )}
      </div>

      <div className="space-y-6 lg:col-span-5">
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link href={generatorHref(settingsOfImage(item.settings))}>
              <SlidersHorizontal />
              Use these settings
            </Link>
          </Button>
          {mine ? (
            <Button asChild variant="outline">
              <Link href={`/image-gen/edit?source=${encodeURIComponent(item.id)}`}>
                <Pencil />
                Edit
              </Link>
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link href={generatorHref({ ...settingsOfImage(item.settings), remixOfId: item.id })}>
                <Repeat2 />
                Remix
              </Link>
            </Button>
          )}
          {item.visibility === "public" ? (
            <LikeButton item={item} onChange={(s) => void mutate({ ...item, ...s }, { revalidate: false })} />
          ) : null}
        </div>

        {mine && ready ? <VariationsButton item={item} /> : null}

        {ready ? (
          <div role="group" className="flex flex-wrap gap-2" aria-label="Download">
            {(["png", "webp"] as const).map((format) => (
              <Button key={format} asChild variant="secondary" size="sm">
                <a href={downloadUrl(item.id, format)} download>
                  <Download />
                  Download {format === "png" ? "PNG" : "WebP"}
                </a>
              </Button>
            ))}
          </div>
        ) : null}

        {mine ? (
          <SharePanel
            item={item}
            onChange={(visibility) => void mutate({ ...item, visibility }, { revalidate: false })}
          />
        ) : null}

        <ImageSettingsList item={item} isLocal={isLocal} />

        {mine ? (
          <div className="border-t pt-4">
            <Button
              variant="ghost"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={() => setConfirming(true)}
            >
              <Trash2 />
              Delete
            </Button>
            {deleteError ? (
              <p role="alert" className="mt-2 text-sm text-destructive">
                {deleteError}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>

      <ConfirmDialog
        open={confirming}
        title="Delete this image?"
        confirmLabel="Delete image"
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        The image and its files are removed for good, and its public link stops working. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
