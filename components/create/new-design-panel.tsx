"use client";

import { useEffect, useId, useState } from "react";
import { useRouter } from "next/navigation";
import { LoaderCircle, Package, X } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LayoutThumb } from "@/components/designs/layout-thumb";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { RATIO_NAMES } from "@/components/common/format";
import type { CompositionRatio } from "@/lib/engine/composition/ratios";
import type { DesignOptions, DesignTemplateOption } from "@/lib/creation/designs/contract";
import { createDesign } from "@/lib/client/hooks/use-designs";
import { cn } from "@/lib/platform/utils";

const hasPrice = (t: DesignTemplateOption) => t.layouts.some((l) => l.slots.some((s) => s.role === "price"));
const productLayoutOf = (t: DesignTemplateOption) =>
  t.layouts.find((l) => l.slots.some((s) => s.role === "price")) ?? t.layouts[0];

const TILE =
  "flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border p-2 text-center text-xs has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring";

interface NewDesignPanelProps {
  options: DesignOptions;
  /** `?product=` as asked (the product itself is in options.product when it is mine). */
  productId: string | null;
  onClose(): void;
}

/** The new-design flow: template, layout (drawn at the chosen size), size, and optionally a product whose words and picture fill it. */
export function NewDesignPanel({ options, productId, onClose }: NewDesignPanelProps) {
  const id = useId();
  const router = useRouter();
  const product = options.product;
  const [useProduct, setUseProduct] = useState(product !== null);
  const initial = (product ? options.templates.find(hasPrice) : undefined) ?? options.templates[0];
  const [templateId, setTemplateId] = useState(initial?.id ?? "");
  const template = options.templates.find((t) => t.id === templateId) ?? initial;
  const [layoutId, setLayoutId] = useState(
    (product && initial ? productLayoutOf(initial) : initial?.layouts[0])?.id ?? "",
  );
  const [ratio, setRatio] = useState<CompositionRatio>("1:1");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  // Another template: keep the layout when it has it, else its product layout (with a product) or its first.
  useEffect(() => {
    if (!template || template.layouts.some((l) => l.id === layoutId)) return;
    setLayoutId((useProduct && product ? productLayoutOf(template) : template.layouts[0])?.id ?? "");
  }, [template, layoutId, useProduct, product]);

  if (!template) return null;

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const design = await createDesign({
        template_id: template.id,
        layout_id: layoutId,
        aspect_ratio: ratio,
        ...(useProduct && product ? { product_id: product.id } : {}),
      });
      router.push(`/content/${encodeURIComponent(design.id)}/edit`);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <section
      id="new-design"
      aria-labelledby={`${id}-title`}
      className="space-y-5 rounded-xl border bg-card p-5 shadow-xs"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
            New design
          </h2>
          <p className="text-sm text-muted-foreground">
            A post, banner or thumbnail: pick a look, a layout and a size. You can resize it to the other sizes later.
          </p>
        </div>
        <Button type="button" variant="ghost" size="icon" aria-label="Close the new design form" onClick={onClose}>
          <X />
        </Button>
      </div>

      {productId && !product ? (
        <Alert>
          <Package aria-hidden="true" />
          <AlertTitle>That product was not found</AlertTitle>
          <AlertDescription>It may have been deleted. The design starts with sample content instead.</AlertDescription>
        </Alert>
      ) : null}
      {product ? (
        <label className="flex items-center gap-3 rounded-lg border p-3 text-sm">
          <input type="checkbox" checked={useProduct} onChange={(e) => setUseProduct(e.target.checked)} />
          {product.picture_url ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed URL
            <img src={product.picture_url} alt="" className="size-10 rounded object-cover" />
          ) : (
            <Package aria-hidden="true" className="size-5 text-muted-foreground" />
          )}
          <span>
            Fill it from <span className="font-medium">{product.name}</span>
            {product.price ? ` (${product.price})` : ""}: its name, price, points and picture
          </span>
        </label>
      ) : null}

      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">Template</legend>
        <div className="flex flex-wrap gap-2">
          {options.templates.map((t) => (
            <label key={t.id} className={cn(TILE, "w-28")}>
              <input
                type="radio"
                name={`${id}-template`}
                className="sr-only"
                checked={t.id === template.id}
                onChange={() => setTemplateId(t.id)}
                aria-label={t.name}
              />
              <span className="flex h-8 w-full overflow-hidden rounded" aria-hidden="true">
                <span className="flex-1" style={{ background: t.colors.background }} />
                <span className="w-1/3" style={{ background: t.colors.accent }} />
                <span className="w-1/6" style={{ background: t.colors.text }} />
              </span>
              <span className="font-medium">{t.name}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">Size</legend>
        <div className="flex flex-wrap gap-3">
          {options.ratios.map((r) => (
            <label key={r} className="flex items-center gap-1.5 text-sm">
              <input type="radio" name={`${id}-ratio`} checked={ratio === r} onChange={() => setRatio(r)} />
              {r} {RATIO_NAMES[r]}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">Layout</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-7">
          {template.layouts.map((l) => (
            <label key={l.id} className={TILE}>
              <input
                type="radio"
                name={`${id}-layout`}
                className="sr-only"
                checked={l.id === layoutId}
                onChange={() => setLayoutId(l.id)}
                aria-label={l.name}
              />
              <span className="flex h-24 items-center justify-center">
                <LayoutThumb
                  layout={l}
                  ratio={ratio}
                  colors={template.colors}
                  className="max-h-24 max-w-full rounded border"
                />
              </span>
              <span>{l.name}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {error ? <ActionErrorPanel error={error} action="The design was not created" /> : null}
      <div className="flex justify-end">
        <Button type="button" onClick={() => void submit()} disabled={busy || !layoutId} aria-busy={busy || undefined}>
          {busy ? <LoaderCircle className="animate-spin" /> : null}
          Create design
        </Button>
      </div>
    </section>
  );
}
