"use client";

import { useId, useState } from "react";
import { ImageIcon, Sparkles } from "lucide-react";

import { AssetDropzone } from "@/components/images/asset-dropzone";
import { SegmentedChoice } from "@/components/images/segmented-choice";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useAssets } from "@/lib/client/hooks/use-assets";
import type { ImageItem } from "@/lib/media/images/contract";
import { imagesPageUrl, useCursorPages } from "@/lib/client/hooks/use-images";
import type { ScenePicturePrice } from "@/lib/creation/video/contract";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { ClipMark } from "./clip-mark";
import { CurrentPictureCredit, SceneCandidates } from "./scene-candidates";

type Source = "suggested" | "generate" | "images" | "assets" | "upload";
export type ImagePick =
  | { source: "generate"; prompt: string }
  | { source: "content" | "asset"; id: string }
  | { source: "stock"; provider: "pexels" | "pixabay"; id: string; kind: "photo" | "video" };

interface Choice {
  id: string;
  thumb: string;
  label: string;
  /** A video clip (its length when known): marked as a clip. */
  clip?: { ms: number | null };
}

function ChoiceGrid({
  choices,
  loading,
  empty,
  disabled,
  onPick,
}: {
  choices: Choice[];
  loading: boolean;
  empty: string;
  disabled: boolean;
  onPick(id: string): void;
}) {
  if (loading) {
    return (
      <div className="grid grid-cols-4 gap-2" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="aspect-square rounded-md" />
        ))}
      </div>
    );
  }
  if (choices.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ImageIcon aria-hidden="true" className="size-4" />
        {empty}
      </p>
    );
  }
  return (
    <ul className="grid max-h-64 grid-cols-4 gap-2 overflow-y-auto p-0.5">
      {choices.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onPick(c.id)}
            className="relative block aspect-square w-full overflow-hidden rounded-md border bg-muted transition-shadow hover:ring-2 hover:ring-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50"
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- signed URLs change on every fetch; no optimizer. */}
            <img
              src={c.thumb}
              alt={c.clip ? `Use clip: ${c.label}` : `Use: ${c.label}`}
              width={128}
              height={128}
              loading="lazy"
              className="size-full object-cover"
            />
            {c.clip ? <ClipMark ms={c.clip.ms} className="absolute bottom-0.5 left-0.5" /> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

interface SceneImagePanelProps {
  sceneNumber: number;
  /** The picture the preview shows now. */
  current: string | null;
  /** The prompt the current picture was made from, to start a new one from. */
  prompt: string;
  disabled: boolean;
  /** What "Generate" costs (from the options endpoint); null while unknown. */
  price?: ScenePicturePrice | null;
  /** The asset the current picture is (its stock credit is shown under it), if it is one. */
  currentAssetId?: string | null;
  /** A video's scene: offers "Suggested" (candidates matching its words, stock included). Designs leave it out. */
  candidates?: { videoId: string; sceneId: string };
  onPick(pick: ImagePick): Promise<unknown>;
}

/** "Generate · 6 credits", "Generate · free" (the Local preview), or plain "Generate picture" while the price is unknown. */
export function generateLabel(price: ScenePicturePrice | null | undefined): string {
  if (!price) return "Generate picture";
  if (price.credits === 0) return "Generate · free";
  return `Generate · ${price.credits} credit${price.credits === 1 ? "" : "s"}`;
}

/** A scene's picture: make a new one from a prompt, pick one of my images or assets, or upload one. */
export function SceneImagePanel({
  sceneNumber,
  current,
  prompt: initialPrompt,
  disabled,
  price,
  candidates,
  currentAssetId,
  onPick,
}: SceneImagePanelProps) {
  const id = useId();
  const [source, setSource] = useState<Source>(candidates ? "suggested" : "generate");
  const [prompt, setPrompt] = useState(initialPrompt);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState("");
  // Each list is fetched only once its tab is open.
  const images = useCursorPages<ImageItem>((cursor) => (source === "images" ? imagesPageUrl({}, cursor) : null));
  const assets = useAssets(source === "assets" || source === "upload", ["image", "logo", "video"]);

  const pick = async (p: ImagePick) => {
    setBusy(true);
    setError(null);
    setDone("");
    try {
      await onPick(p);
      setDone(
        p.source === "generate"
          ? "New picture made."
          : p.source === "stock"
            ? `${p.kind === "video" ? "Clip" : "Photo"} copied to your assets and used.`
            : "Picture changed.",
      );
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const off = disabled || busy;

  return (
    <fieldset className="space-y-3 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">Picture</legend>
      <div className="flex gap-3">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {current ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed URL from the preview props
            <img src={current} alt={`Scene ${sceneNumber} picture`} className="size-full object-cover" />
          ) : (
            <ImageIcon aria-label="No picture yet" className="size-6 text-muted-foreground" />
          )}
        </div>
        <SegmentedChoice<Source>
          legend="Change it"
          name={`${id}-source`}
          value={source}
          onChange={setSource}
          className="min-w-0 flex-1"
          optionClassName="px-2 text-xs"
          options={[
            ...(candidates ? [{ value: "suggested" as const, label: "Suggested" }] : []),
            { value: "generate", label: "Generate" },
            { value: "images", label: "My images" },
            { value: "assets", label: "Assets" },
            { value: "upload", label: "Upload" },
          ]}
        />
      </div>
      {currentAssetId ? <CurrentPictureCredit assetId={currentAssetId} /> : null}

      {source === "suggested" && candidates ? (
        <SceneCandidates
          videoId={candidates.videoId}
          sceneId={candidates.sceneId}
          disabled={off}
          generateText={generateLabel(price)}
          onPick={pick}
        />
      ) : null}
      {source === "generate" ? (
        <div className="space-y-2">
          <label htmlFor={`${id}-prompt`} className="text-xs font-medium">
            Picture prompt
          </label>
          <Textarea
            id={`${id}-prompt`}
            rows={2}
            maxLength={2000}
            value={prompt}
            disabled={off}
            placeholder="What the picture shows"
            onChange={(e) => setPrompt(e.target.value)}
          />
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Button
              type="button"
              size="sm"
              disabled={off || !prompt.trim()}
              aria-busy={busy || undefined}
              aria-describedby={price ? `${id}-price` : undefined}
              onClick={() => void pick({ source: "generate", prompt: prompt.trim() })}
            >
              <Sparkles />
              {generateLabel(price)}
            </Button>
            {price ? (
              <span id={`${id}-price`} className="text-xs text-muted-foreground">
                {price.credits === 0 ? `${price.model} · free` : `${price.model} · refunded if it fails`}
              </span>
            ) : null}
          </div>
        </div>
      ) : null}
      {source === "images" ? (
        <ChoiceGrid
          loading={images.isLoading}
          disabled={off}
          empty="You have no finished images yet."
          choices={images.items
            .filter((i) => i.status === "ready" && i.urls)
            .slice(0, 24)
            .map((i) => ({ id: i.id, thumb: i.urls!.thumbnail, label: i.settings.prompt || i.title }))}
          onPick={(imageId) => void pick({ source: "content", id: imageId })}
        />
      ) : null}
      {source === "assets" ? (
        <ChoiceGrid
          loading={assets.isLoading}
          disabled={off}
          empty="No assets yet; upload one."
          choices={assets.items.slice(0, 24).map((a) => ({
            id: a.id,
            thumb: a.urls.thumbnail,
            label: a.name,
            ...(a.kind === "video" ? { clip: { ms: a.duration_ms } } : {}),
          }))}
          onPick={(assetId) => void pick({ source: "asset", id: assetId })}
        />
      ) : null}
      {source === "upload" ? (
        <AssetDropzone
          onUploaded={(asset) => {
            void assets.reload();
            void pick({ source: "asset", id: asset.id });
          }}
        />
      ) : null}

      <div aria-live="polite" className="text-xs text-muted-foreground">
        {busy ? (
          <Spinner size="sm" label={source === "generate" ? "Making the picture" : "Changing the picture"} />
        ) : (
          done
        )}
      </div>
      {error ? (
        <ActionErrorPanel error={error} action="The picture did not change" onDismiss={() => setError(null)} />
      ) : null}
    </fieldset>
  );
}
