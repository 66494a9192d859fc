"use client";

import { useId, useRef, useState } from "react";
import { Upload } from "lucide-react";

import { PointsEditor } from "@/components/links/url-to-video";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { uploadAsset, uploadProblem, useAssets } from "@/lib/client/hooks/use-assets";
import { fieldMessages } from "@/lib/client/api";
import { MAX_PRODUCT_IMAGES } from "@/lib/creation/products/limits";
import type { ProductInput, ProductView } from "@/lib/creation/products/contract";

export interface ProductFormValue {
  name: string;
  price: string;
  currency: string;
  description: string;
  points: string[];
  image_asset_ids: string[];
  link: string;
}

export function formValueOf(p: ProductView | null): ProductFormValue {
  return {
    name: p?.name ?? "",
    price: p?.price ?? "",
    currency: p?.currency ?? "",
    description: p?.description ?? "",
    points: p?.points ?? [],
    image_asset_ids: p?.images.map((i) => i.asset_id) ?? [],
    link: p?.link ?? "",
  };
}

export function inputOf(v: ProductFormValue): ProductInput {
  return {
    name: v.name.trim(),
    price: v.price.trim() || null,
    currency: v.currency.trim() ? v.currency.trim().toUpperCase() : null,
    description: v.description.trim(),
    points: v.points.map((p) => p.trim()).filter(Boolean),
    image_asset_ids: v.image_asset_ids,
    link: v.link.trim() || null,
  };
}

/** New product / edit product: name, price, currency, description, key points, pictures from assets or uploads, link. */
export function ProductForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: ProductView | null;
  submitLabel: string;
  onSubmit: (input: ProductInput) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState<ProductFormValue>(() => formValueOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const assets = useAssets();
  const fileRef = useRef<HTMLInputElement>(null);
  const known = new Map(initial?.images.map((i) => [i.asset_id, i.thumbnail_url]) ?? []);
  for (const a of assets.items) known.set(a.id, a.urls.thumbnail);

  const toggle = (assetId: string) =>
    setValue((v) => ({
      ...v,
      image_asset_ids: v.image_asset_ids.includes(assetId)
        ? v.image_asset_ids.filter((x) => x !== assetId)
        : [...v.image_asset_ids, assetId].slice(0, MAX_PRODUCT_IMAGES),
    }));

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    setUploading(true);
    setFormError(null);
    try {
      for (const file of Array.from(files)) {
        const problem = uploadProblem(file);
        if (problem) {
          setFormError(problem);
          continue;
        }
        const item = await uploadAsset(file);
        setValue((v) => ({ ...v, image_asset_ids: [...v.image_asset_ids, item.id].slice(0, MAX_PRODUCT_IMAGES) }));
        assets.reload();
      }
    } catch (e) {
      setFormError((e as Error).message);
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  };

  const submit = async () => {
    if (busy) return;
    if (!value.name.trim()) {
      setErrors({ name: "Give the product a name." });
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      await onSubmit(inputOf(value));
    } catch (e) {
      setErrors(fieldMessages(e));
      setFormError((e as Error).message);
      setBusy(false);
    }
  };

  const field = (name: keyof ProductFormValue) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-err` : undefined,
  });
  const err = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-err`} className="text-xs text-destructive">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      noValidate
      aria-label={submitLabel}
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_9rem_6rem]">
        <div className="space-y-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            Name
          </label>
          <Input
            id={`${id}-name`}
            value={value.name}
            maxLength={200}
            onChange={(e) => setValue({ ...value, name: e.target.value })}
            {...field("name")}
          />
          {err("name")}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-price`} className="text-sm font-medium">
            Price
          </label>
          <Input
            id={`${id}-price`}
            inputMode="decimal"
            placeholder="49.99"
            value={value.price}
            onChange={(e) => setValue({ ...value, price: e.target.value })}
            {...field("price")}
          />
          {err("price")}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-currency`} className="text-sm font-medium">
            Currency
          </label>
          <Input
            id={`${id}-currency`}
            maxLength={3}
            placeholder="USD"
            value={value.currency}
            onChange={(e) => setValue({ ...value, currency: e.target.value.toUpperCase() })}
            {...field("currency")}
          />
          {err("currency")}
        </div>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-description`} className="text-sm font-medium">
          Description
        </label>
        <Textarea
          id={`${id}-description`}
          rows={3}
          maxLength={5000}
          value={value.description}
          onChange={(e) => setValue({ ...value, description: e.target.value })}
        />
      </div>
      <PointsEditor idPrefix={id} points={value.points} onChange={(points) => setValue({ ...value, points })} />
      {err("points")}
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">
          Pictures ({value.image_asset_ids.length}/{MAX_PRODUCT_IMAGES})
        </legend>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            multiple
            className="sr-only"
            id={`${id}-upload`}
            onChange={(e) => void upload(e.target.files)}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={uploading}
            onClick={() => fileRef.current?.click()}
          >
            <Upload />
            Upload pictures
          </Button>
          {uploading ? <Spinner size="sm" label="Uploading" /> : null}
          <span className="text-xs text-muted-foreground">or pick from your assets below.</span>
        </div>
        {assets.isLoading ? <p className="text-sm text-muted-foreground">Loading your assets…</p> : null}
        {known.size === 0 && !assets.isLoading ? (
          <p className="text-sm text-muted-foreground">You have no assets yet.</p>
        ) : null}
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {[...known.entries()].map(([assetId, thumb], i) => (
            <li key={assetId}>
              <label className="relative block cursor-pointer overflow-hidden rounded-md border has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:ring-2">
                {/* eslint-disable-next-line @next/next/no-img-element -- signed blob URLs */}
                <img src={thumb} alt="" className="aspect-square w-full bg-muted object-cover" />
                <span className="absolute left-1 top-1 rounded bg-background/90 p-0.5">
                  <input
                    type="checkbox"
                    aria-label={`Use asset ${i + 1}`}
                    checked={value.image_asset_ids.includes(assetId)}
                    onChange={() => toggle(assetId)}
                  />
                </span>
              </label>
            </li>
          ))}
        </ul>
        {assets.hasMore ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => void assets.loadMore()}>
            More assets
          </Button>
        ) : null}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={`${id}-link`} className="text-sm font-medium">
          Link <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        <Input
          id={`${id}-link`}
          type="url"
          placeholder="https://…"
          value={value.link}
          onChange={(e) => setValue({ ...value, link: e.target.value })}
          {...field("link")}
        />
        {err("link")}
      </div>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Spinner size="sm" label="Saving" /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
