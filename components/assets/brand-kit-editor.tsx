"use client";

import { useEffect, useId, useState } from "react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import {
  BRAND_COLOR_ROLES,
  contrastRatio,
  WCAG_AA_TEXT,
  type BrandFontRef,
  type BrandKitInput,
} from "@/lib/creation/brand/contract";
import { FONT_IDS, FONTS } from "@/lib/engine/composition/fonts";
import { saveBrandKit, useAssets, useBrandKit } from "@/lib/client/hooks/use-assets";
import { BrandCaptionStyleFields } from "./brand-caption-style";

const ROLE_LABELS = {
  primary: "Primary",
  secondary: "Secondary",
  accent: "Accent",
  text: "Text",
  background: "Background",
} as const;

function fontValue(f: BrandFontRef): string {
  return f.kind === "bundled" ? `bundled:${f.id}` : `asset:${f.asset_id}`;
}
function parseFontValue(v: string): BrandFontRef {
  const [kind, id] = v.split(":") as [string, string];
  return kind === "asset" ? { kind: "asset", asset_id: id } : { kind: "bundled", id: id as (typeof FONT_IDS)[number] };
}

/** The brand kit section of /assets: logo, colours with live swatches and a contrast check, fonts, a small preview. */
export function BrandKitEditor() {
  const kit = useBrandKit();
  const logos = useAssets(true, ["logo", "image"]);
  const fonts = useAssets(true, ["font"]);
  const [draft, setDraft] = useState<BrandKitInput | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = useId();

  useEffect(() => {
    if (kit.data && !draft)
      setDraft({
        logo_asset_id: kit.data.logo_asset_id,
        colors: kit.data.colors,
        fonts: kit.data.fonts,
        caption_style: kit.data.caption_style ?? null,
      });
  }, [kit.data, draft]);

  // Font assets load under their own family for the preview.
  useEffect(() => {
    for (const f of fonts.items) {
      const face = new FontFace(`pf-preview-${f.id}`, `url(${JSON.stringify(f.urls.original)})`);
      face.load().then(
        (x) => document.fonts.add(x),
        () => undefined,
      );
    }
  }, [fonts.items]);

  if (kit.error)
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription>
          <p>{kit.error.message}</p>
        </AlertDescription>
      </Alert>
    );
  if (!draft)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your brand kit…
      </p>
    );

  const css = (f: BrandFontRef) =>
    f.kind === "bundled"
      ? `"${FONTS[f.id].family}", ${FONTS[f.id].fallback}`
      : `"pf-preview-${f.asset_id}", sans-serif`;
  const ratio = contrastRatio(draft.colors.text, draft.colors.background);
  const logo = logos.items.find((l) => l.id === draft.logo_asset_id);

  const save = async () => {
    setSaving(true);
    try {
      const saved = await saveBrandKit(draft);
      await kit.mutate(saved, { revalidate: false });
      setMessage({ error: false, text: "Brand kit saved. Turn on “Apply my brand kit” in a video to use it." });
    } catch (e) {
      setMessage({ error: true, text: e instanceof Error ? e.message : "Not saved." });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <div className="space-y-5">
        <div className="space-y-2">
          <Label htmlFor={`${ids}-logo`}>Logo</Label>
          <select
            id={`${ids}-logo`}
            className="h-9 w-full rounded-md border bg-background px-2 text-sm"
            value={draft.logo_asset_id ?? ""}
            onChange={(e) => setDraft({ ...draft, logo_asset_id: e.target.value || null })}
          >
            <option value="">No logo</option>
            {logos.items.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({l.kind})
              </option>
            ))}
          </select>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Colours</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {BRAND_COLOR_ROLES.map((role) => (
              <label key={role} className="flex items-center gap-2 text-sm">
                <input
                  type="color"
                  value={draft.colors[role]}
                  onChange={(e) => setDraft({ ...draft, colors: { ...draft.colors, [role]: e.target.value } })}
                  aria-label={`${ROLE_LABELS[role]} colour`}
                  className="size-9 cursor-pointer rounded border"
                />
                <span>
                  {ROLE_LABELS[role]}
                  <span className="block font-mono text-xs text-muted-foreground">{draft.colors[role]}</span>
                </span>
              </label>
            ))}
          </div>
          {ratio < WCAG_AA_TEXT ? (
            <p role="alert" className="text-sm text-destructive">
              Text on the background has a contrast of {ratio.toFixed(1)}:1, below the 4.5:1 WCAG AA asks for body text.
              Darken the text or lighten the background.
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">
              Text on the background: {ratio.toFixed(1)}:1 (meets WCAG AA).
            </p>
          )}
        </fieldset>
        {(["heading", "body"] as const).map((role) => (
          <div key={role} className="space-y-2">
            <Label htmlFor={`${ids}-${role}`}>{role === "heading" ? "Headline font" : "Body font"}</Label>
            <select
              id={`${ids}-${role}`}
              className="h-9 w-full rounded-md border bg-background px-2 text-sm"
              value={fontValue(draft.fonts[role])}
              onChange={(e) =>
                setDraft({ ...draft, fonts: { ...draft.fonts, [role]: parseFontValue(e.target.value) } })
              }
            >
              <optgroup label="Included fonts">
                {FONT_IDS.map((f) => (
                  <option key={f} value={`bundled:${f}`}>
                    {FONTS[f].label}
                  </option>
                ))}
              </optgroup>
              {fonts.items.length ? (
                <optgroup label="Your fonts">
                  {fonts.items.map((f) => (
                    <option key={f.id} value={`asset:${f.id}`}>
                      {f.font_family ?? f.name}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          </div>
        ))}
        <BrandCaptionStyleFields
          value={draft.caption_style ?? null}
          fontFamily={css(draft.fonts.body)}
          onChange={(caption_style) => setDraft({ ...draft, caption_style })}
        />
        {message ? (
          <Alert variant={message.error ? "destructive" : "default"} role={message.error ? "alert" : "status"}>
            <AlertDescription>
              <p>{message.text}</p>
            </AlertDescription>
          </Alert>
        ) : null}
        <Button onClick={() => void save()} disabled={saving}>
          {saving ? "Saving…" : "Save brand kit"}
        </Button>
      </div>
      <div aria-label="Brand kit preview" className="space-y-3">
        <div className="flex gap-2" aria-hidden>
          {BRAND_COLOR_ROLES.map((r) => (
            <span
              key={r}
              className="h-8 flex-1 rounded border"
              style={{ background: draft.colors[r] }}
              title={ROLE_LABELS[r]}
            />
          ))}
        </div>
        <div
          className="overflow-hidden rounded-xl border p-6"
          style={{ background: draft.colors.background, color: draft.colors.text }}
        >
          {logo ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={logo.urls.thumbnail} alt="" className="mb-4 h-10 w-auto object-contain" />
          ) : null}
          <p className="text-3xl font-bold" style={{ fontFamily: css(draft.fonts.heading) }}>
            Fresh coffee,{" "}
            <span style={{ background: draft.colors.primary, color: draft.colors.background, padding: "0 0.2em" }}>
              roasted today
            </span>
          </p>
          <p className="mt-3" style={{ fontFamily: css(draft.fonts.body) }}>
            At your door by noon, in every city we serve.
          </p>
          <span
            className="mt-4 inline-block rounded-md px-3 py-1.5 text-sm font-medium"
            style={{ background: draft.colors.accent, color: draft.colors.text, fontFamily: css(draft.fonts.body) }}
          >
            Order now
          </span>
          <div className="mt-4 h-2 rounded" style={{ background: draft.colors.secondary }} />
        </div>
      </div>
    </div>
  );
}
