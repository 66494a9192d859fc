"use client";

/**
 * The picture panel's "Suggested" view: several candidates for a scene (my
 * matching assets and images, stock photos and clips), a search box, "More
 * like this" (the scene's own words again), and "Generate" from them. Stock
 * items show their credit; clips are marked with their length.
 */
import { useId, useState } from "react";
import { Film, ImageIcon, RotateCcw, Search, Sparkles } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { useSceneCandidates } from "@/lib/client/hooks/use-scene-candidates";
import { useAsset } from "@/lib/client/hooks/use-assets";
import type { SceneCandidate } from "@/lib/creation/video/candidates-contract";
import { creditLine, PROVIDER_LABELS } from "@/lib/media/stock/contract";
import type { ImagePick } from "./scene-image-panel";

/** The asset a scene's picture slot holds, if any (its stock credit is shown under the picture). */
export function pictureAssetId(values: Record<string, { type: string; asset_id?: string }>): string | null {
  for (const v of Object.values(values)) if (v.type === "media" && v.asset_id) return v.asset_id;
  return null;
}

/** "0:04", "1:12". */
export function clipLength(seconds: number | null): string {
  const s = Math.max(0, Math.round(seconds ?? 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function pickOf(c: SceneCandidate): ImagePick | null {
  if (c.provider === "pexels" || c.provider === "pixabay")
    return { source: "stock", provider: c.provider, id: c.id, kind: c.kind };
  if (c.provider === "assets") return { source: "asset", id: c.id };
  if (c.provider === "images") return { source: "content", id: c.id };
  return null;
}

function candidateLabel(c: SceneCandidate): string {
  const what = c.kind === "video" ? `clip, ${clipLength(c.duration_s)}` : "photo";
  const title = c.title.trim() || "untitled";
  return `Use ${what}: ${title.slice(0, 80)} (${PROVIDER_LABELS[c.provider]})`;
}

export function SceneCandidates({
  videoId,
  sceneId,
  disabled,
  generateText,
  onPick,
}: {
  videoId: string;
  sceneId: string;
  disabled: boolean;
  /** The Generate button's words, with its price ("Generate · free"). */
  generateText: string;
  /** Resolves once the pick is done (or failed: the panel shows why); the list then reloads (what is in use changed). */
  onPick(pick: ImagePick): Promise<void>;
}) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState<string | null>(null);
  const { data, error, isLoading, isValidating, mutate } = useSceneCandidates(videoId, sceneId, query, true);

  const search = (e: React.FormEvent) => {
    e.preventDefault();
    const q = typed.trim();
    setQuery(q ? q.slice(0, 100) : null);
  };
  const moreLikeThis = () => {
    setTyped("");
    setQuery(null);
  };

  return (
    <div className="space-y-3">
      <form role="search" onSubmit={search} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-40 space-y-1">
          <label htmlFor={`${id}-q`} className="text-xs font-medium">
            Search photos and clips
          </label>
          <Input
            id={`${id}-q`}
            type="search"
            maxLength={100}
            value={typed}
            placeholder={data?.scene_query || "What the scene shows"}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <Button type="submit" size="sm" variant="secondary" disabled={isValidating && !isLoading}>
          <Search />
          Search
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={moreLikeThis} disabled={query === null && !typed}>
          <RotateCcw />
          More like this
        </Button>
      </form>

      {error ? (
        <ActionErrorPanel error={error} action="Suggestions could not be loaded">
          <Button type="button" size="sm" variant="outline" onClick={() => void mutate()}>
            Try again
          </Button>
        </ActionErrorPanel>
      ) : isLoading || !data ? (
        <div aria-hidden="true" className="grid grid-cols-3 gap-2">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="aspect-square rounded-md" />
          ))}
        </div>
      ) : (
        <>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {data.query ? (
              <>
                {data.candidates.length === 0 ? "Nothing matches" : "Matches for"}{" "}
                <span className="font-medium text-foreground">“{data.query}”</span>
                {data.candidates.length === 0 ? ". Try other words, or generate a picture." : ""}
              </>
            ) : (
              "This scene has no words to search with yet. Type what it shows."
            )}
          </p>
          {data.problems.length > 0 ? <p className="text-xs text-muted-foreground">{data.problems.join(" ")}</p> : null}
          {data.candidates.length > 0 ? (
            <ul
              className="grid max-h-80 grid-cols-3 gap-2 overflow-y-auto p-0.5"
              aria-label="Suggested pictures and clips"
            >
              {data.candidates.map((c) => {
                const pick = pickOf(c);
                const credit = creditLine({ provider: c.provider, kind: c.kind, author: c.author });
                return (
                  <li key={`${c.provider}:${c.id}`} className="min-w-0 space-y-1">
                    <button
                      type="button"
                      disabled={disabled || !pick || c.in_use}
                      onClick={async () => {
                        if (!pick) return;
                        await onPick(pick);
                        void mutate();
                      }}
                      aria-label={c.in_use ? `In use: ${c.title || "this picture"}` : candidateLabel(c)}
                      className="relative block aspect-square w-full overflow-hidden rounded-md border bg-muted transition-shadow hover:ring-2 hover:ring-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
                    >
                      {c.thumbnail_url ? (
                        // eslint-disable-next-line @next/next/no-img-element -- provider thumbnails and signed URLs; no optimizer.
                        <img
                          src={c.thumbnail_url}
                          alt=""
                          width={128}
                          height={128}
                          loading="lazy"
                          className="size-full object-cover"
                        />
                      ) : (
                        <ImageIcon aria-hidden="true" className="m-auto size-6 text-muted-foreground" />
                      )}
                      {c.kind === "video" ? (
                        <span className="absolute bottom-1 left-1 inline-flex items-center gap-1 rounded bg-black/75 px-1 text-[11px] font-medium text-white">
                          <Film aria-hidden="true" className="size-3" />
                          Clip {clipLength(c.duration_s)}
                        </span>
                      ) : null}
                      {c.in_use ? (
                        <span className="absolute top-1 right-1 rounded bg-primary px-1 text-[11px] font-medium text-primary-foreground">
                          In use
                        </span>
                      ) : null}
                    </button>
                    <p className="truncate text-[11px] leading-tight text-muted-foreground">
                      {credit && c.page_url ? (
                        <a
                          href={c.page_url}
                          title={credit}
                          target="_blank"
                          rel="noreferrer"
                          className="underline-offset-2 hover:underline"
                        >
                          {credit}
                        </a>
                      ) : (
                        <span title={PROVIDER_LABELS[c.provider]}>{c.title || PROVIDER_LABELS[c.provider]}</span>
                      )}
                    </p>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {!data.stock_enabled ? (
            <p className="text-xs text-muted-foreground">Showing your own assets and images that match this scene.</p>
          ) : null}
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={disabled || !data.generate_prompt}
            onClick={async () => {
              await onPick({ source: "generate", prompt: data.generate_prompt });
              void mutate();
            }}
          >
            <Sparkles />
            {generateText}
          </Button>
        </>
      )}
    </div>
  );
}

/** The credit of the scene's current picture when it is a stock copy ("Photo by Ana Ruiz on Pexels"); nothing otherwise. */
export function CurrentPictureCredit({ assetId }: { assetId: string }) {
  const { data } = useAsset(assetId);
  const s = data?.stock;
  if (!s) return null;
  return (
    <p className="text-[11px] leading-tight text-muted-foreground">
      <a href={s.page_url || undefined} target="_blank" rel="noreferrer" className="underline underline-offset-2">
        {s.credit}
      </a>{" "}
      · {s.licence}
    </p>
  );
}
