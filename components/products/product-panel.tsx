"use client";

import { useEffect, useId, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Clapperboard, ExternalLink, Image as ImageIcon, LayoutList, Palette, Pencil, Trash2, X } from "lucide-react";

import {
  initialVideoSettings,
  settingsCost,
  VideoSettingsFields,
  type VideoSettingsValue,
} from "@/components/links/video-settings-fields";
import { ConfirmDialog } from "@/components/images/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { credits } from "@/components/common/format";
import { lengthPlanNotice } from "@/components/video/length-options";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import {
  createLinkVideo,
  deleteProduct,
  updateProduct,
  useProduct,
  useProductContent,
} from "@/lib/client/hooks/use-products";
import { useVideoOptions } from "@/lib/client/hooks/use-videos";
import type { ProductView } from "@/lib/creation/products/contract";
import { ProductForm } from "./product-form";

export function formatPrice(p: Pick<ProductView, "price" | "currency">): string | null {
  if (!p.price) return null;
  if (!p.currency) return p.price;
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: p.currency }).format(Number(p.price));
  } catch {
    return `${p.price} ${p.currency}`;
  }
}

function imagesPrompt(p: ProductView): string {
  return [
    `Product photo of ${p.name}`,
    p.points[0] ?? p.description.split(/(?<=[.!?])\s/)[0] ?? "",
    "studio lighting, clean background",
  ]
    .filter(Boolean)
    .join(", ")
    .slice(0, 900);
}

/**
 * "Make a video" from a product: the video choices in a dialog, then a storyboard (free) opened in the editor, where
 * the person checks the scenes and renders (the price is said here and on the Render button). Making it a storyboard
 * rather than rendering at once: nothing is charged before the person has seen what the writer made of the product.
 */
function MakeVideoDialog({ product, open, onClose }: { product: ProductView; open: boolean; onClose: () => void }) {
  const router = useRouter();
  const { profile } = useAuth();
  const options = useVideoOptions();
  const [settings, setSettings] = useState<VideoSettingsValue | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (options.data && !settings) setSettings(initialVideoSettings(options.data));
  }, [options.data, settings]);

  const opts = options.data;
  const balance = profile?.credits ?? opts?.balance ?? 0;
  const cost = opts && settings ? settingsCost(opts, settings) : null;
  const planNotice = opts && settings ? lengthPlanNotice(opts, settings.length_s) : null;

  const make = async () => {
    if (!settings || busy) return;
    setBusy(true);
    setError(null);
    try {
      const made = await createLinkVideo({
        facts: {
          name: product.name,
          description: product.description,
          price: product.price,
          currency: product.currency,
          brand: product.brand,
          points: product.points,
          image_asset_ids: product.images.map((i) => i.asset_id),
          link: product.link,
        },
        video: { ...settings, render_now: false },
        product_id: product.id,
      });
      router.push(`/content/${encodeURIComponent(made.video.id)}/edit`);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      busy={busy}
      width="lg"
      title={`A video of ${product.name}`}
      description="We write a storyboard from this product's facts and pictures and open it in the editor. Making the storyboard is free; you render it from there."
      footer={
        <>
          <p className="mr-auto min-w-0 flex-1 basis-48 text-xs text-muted-foreground" aria-live="polite">
            {planNotice ? <span className="text-destructive">{planNotice} The storyboard is still free. </span> : null}
            {cost !== null ? (
              <>
                Rendering it later costs <strong className="text-foreground tabular-nums">{credits(cost)}</strong> · you
                have <span className="tabular-nums">{credits(balance)}</span>
              </>
            ) : null}
          </p>
          {busy ? <Spinner size="sm" label="Writing the storyboard" /> : null}
          <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" disabled={busy || !settings} onClick={() => void make()}>
            <LayoutList />
            Create storyboard
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        {!opts || !settings ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <VideoSettingsFields
            options={opts}
            value={settings}
            balance={balance}
            compact
            onChange={(patch) => setSettings({ ...settings, ...patch })}
          />
        )}
        {error ? (
          <ActionErrorPanel error={error} action="The storyboard was not made" onDismiss={() => setError(null)} />
        ) : null}
      </div>
    </Dialog>
  );
}

/** The product opened by /product?id=…: details, edit, delete, what was made from it, and the make-actions. */
export function ProductPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const headingId = useId();
  const product = useProduct(id);
  const content = useProductContent(id);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [making, setMaking] = useState(false);

  if (product.error) {
    return (
      <section aria-label="Product" className="rounded-xl border p-6">
        <p role="alert" className="text-sm">
          {product.error.message}
        </p>
        <Button variant="outline" size="sm" className="mt-3" onClick={onClose}>
          Back to the catalogue
        </Button>
      </section>
    );
  }
  const p = product.data;
  if (!p) return <Skeleton className="h-64 w-full rounded-xl" />;
  const price = formatPrice(p);

  return (
    <section aria-labelledby={headingId} className="space-y-6 rounded-xl border p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="text-xl font-semibold">
            {p.name}
          </h2>
          <p className="text-sm text-muted-foreground">
            {price ? <span className="font-medium text-foreground">{price}</span> : "No price"}
            {p.brand ? ` · ${p.brand}` : ""} ·{" "}
            {p.source === "link" ? "from a link" : p.source === "bulk" ? "from a bulk run" : "added by hand"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
            <Pencil />
            Edit
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <Trash2 />
            Delete
          </Button>
          <Button variant="ghost" size="icon" aria-label="Close the product" onClick={onClose}>
            <X />
          </Button>
        </div>
      </div>

      {editing ? (
        <ProductForm
          initial={p}
          submitLabel="Save changes"
          onCancel={() => setEditing(false)}
          onSubmit={async (input) => {
            const saved = await updateProduct(p.id, input);
            await product.mutate(saved, { revalidate: false });
            setEditing(false);
          }}
        />
      ) : (
        <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
          <div className="grid grid-cols-3 gap-2 md:grid-cols-2">
            {p.images.length === 0 ? (
              <div className="col-span-full flex aspect-square items-center justify-center rounded-lg bg-muted text-sm text-muted-foreground">
                No pictures
              </div>
            ) : null}
            {p.images.map((img, i) => (
              // eslint-disable-next-line @next/next/no-img-element -- signed blob URLs
              <img
                key={img.asset_id}
                src={img.thumbnail_url}
                alt={`${p.name}, picture ${i + 1}`}
                className="aspect-square w-full rounded-lg bg-muted object-cover"
              />
            ))}
          </div>
          <div className="space-y-4">
            {p.description ? <p className="whitespace-pre-line text-sm">{p.description}</p> : null}
            {p.points.length > 0 ? (
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {p.points.map((pt) => (
                  <li key={pt}>{pt}</li>
                ))}
              </ul>
            ) : null}
            {p.link ? (
              <a
                href={p.link}
                target="_blank"
                rel="noreferrer noopener"
                className="inline-flex items-center gap-1 text-sm underline underline-offset-2"
              >
                <ExternalLink className="size-3.5" aria-hidden="true" />
                {new URL(p.link).hostname}
              </a>
            ) : null}
            <div className="flex flex-wrap gap-2 pt-2">
              <Button onClick={() => setMaking(true)}>
                <Clapperboard />
                Make a video
              </Button>
              <Button asChild variant="outline">
                <Link href={`/image-gen?prompt=${encodeURIComponent(imagesPrompt(p))}`}>
                  <ImageIcon />
                  Make images
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link href={`/create?make=design&product=${encodeURIComponent(p.id)}`}>
                  <Palette />
                  Make a design
                </Link>
              </Button>
            </div>
          </div>
        </div>
      )}

      <div className="space-y-2">
        <h3 className="text-sm font-medium">Made from this product</h3>
        {content.isLoading ? <Skeleton className="h-20 w-full" /> : null}
        {content.data && content.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet. Make a video, images or a design from it.</p>
        ) : null}
        {content.data && content.data.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {content.data.map((c) => (
              <li key={c.id}>
                <Link
                  href={c.href}
                  className="block overflow-hidden rounded-lg border hover:bg-muted/50 focus-visible:ring-2"
                >
                  {c.thumbnail_url ? (
                    // eslint-disable-next-line @next/next/no-img-element -- signed blob URLs
                    <img src={c.thumbnail_url} alt="" className="aspect-video w-full bg-muted object-cover" />
                  ) : (
                    <div className="flex aspect-video items-center justify-center bg-muted text-xs text-muted-foreground">
                      {c.status}
                    </div>
                  )}
                  <p className="truncate p-2 text-sm">
                    <span className="sr-only">{c.kind}: </span>
                    {c.title}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <MakeVideoDialog product={p} open={making} onClose={() => setMaking(false)} />
      <ConfirmDialog
        open={confirming}
        title={`Delete ${p.name}?`}
        confirmLabel="Delete product"
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setDeleting(true);
          setDeleteError(null);
          try {
            await deleteProduct(p.id);
            setConfirming(false);
            onClose();
          } catch (e) {
            setDeleteError((e as Error).message);
          } finally {
            setDeleting(false);
          }
        }}
      >
        The product leaves your catalogue. The videos, images and designs made from it stay where they are, and so do
        its pictures in your assets.
        {deleteError ? <span className="mt-2 block text-destructive">{deleteError}</span> : null}
      </ConfirmDialog>
    </section>
  );
}
