"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useSWRConfig } from "swr";
import { ArrowDown, ArrowUp, Clapperboard, Info, LayoutList, Link2, Plus, Trash2 } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { useAuth } from "@/lib/client/hooks/auth-provider";
import type { ExtractedPage } from "@/lib/creation/links/contract";
import { createLinkVideo, extractLink } from "@/lib/client/hooks/use-products";
import { isProfileKey } from "@/lib/client/hooks/use-profile";
import { useVideoOptions } from "@/lib/client/hooks/use-videos";
import { fieldMessages } from "@/lib/client/api";
import { MAX_PRODUCT_POINTS } from "@/lib/creation/products/limits";
import {
  initialVideoSettings,
  settingsCost,
  VideoSettingsFields,
  type VideoSettingsValue,
} from "./video-settings-fields";

interface Facts {
  name: string;
  price: string;
  currency: string;
  brand: string;
  category: string;
  description: string;
  points: string[];
  picked: string[];
}

function factsFrom(page: ExtractedPage): Facts {
  return {
    name: page.name,
    price: page.price ?? "",
    currency: page.currency ?? "",
    brand: page.brand ?? "",
    category: page.category ?? "",
    description: page.description,
    points: page.points.slice(0, MAX_PRODUCT_POINTS),
    picked: page.images.slice(0, 4),
  };
}

/** Editable key points: change, add, remove, move up and down. */
export function PointsEditor({
  points,
  onChange,
  idPrefix,
}: {
  points: string[];
  onChange: (points: string[]) => void;
  idPrefix: string;
}) {
  const move = (i: number, d: -1 | 1) => {
    const next = [...points];
    const [p] = next.splice(i, 1);
    next.splice(i + d, 0, p!);
    onChange(next);
  };
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium">Key points</legend>
      {points.length === 0 ? (
        <p className="text-sm text-muted-foreground">No key points yet: add what the video should say.</p>
      ) : null}
      <ol className="space-y-2">
        {points.map((p, i) => (
          <li key={i} className="flex items-center gap-2">
            <Input
              aria-label={`Key point ${i + 1}`}
              id={`${idPrefix}-point-${i}`}
              value={p}
              maxLength={200}
              onChange={(e) => onChange(points.map((x, j) => (j === i ? e.target.value : x)))}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Move key point ${i + 1} up`}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              <ArrowUp />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Move key point ${i + 1} down`}
              disabled={i === points.length - 1}
              onClick={() => move(i, 1)}
            >
              <ArrowDown />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove key point ${i + 1}`}
              onClick={() => onChange(points.filter((_, j) => j !== i))}
            >
              <Trash2 />
            </Button>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={points.length >= MAX_PRODUCT_POINTS}
        onClick={() => {
          onChange([...points, ""]);
          requestAnimationFrame(() => document.getElementById(`${idPrefix}-point-${points.length}`)?.focus());
        }}
      >
        <Plus />
        Add a key point
      </Button>
    </fieldset>
  );
}

/** /url-to-video: a link → what the page says (editable) → video settings → the video's page. */
export function UrlToVideo() {
  const id = useId();
  const router = useRouter();
  const { profile } = useAuth();
  const { mutate } = useSWRConfig();
  const options = useVideoOptions();
  const [url, setUrl] = useState("");
  const [extracting, setExtracting] = useState(false);
  const [extractError, setExtractError] = useState<unknown>(null);
  const [page, setPage] = useState<ExtractedPage | null>(null);
  const [facts, setFacts] = useState<Facts | null>(null);
  /** The page's pictures this browser could not load (a shop blocking them, a dead link). */
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const [settings, setSettings] = useState<VideoSettingsValue | null>(null);
  const [busy, setBusy] = useState<"plan" | "render" | null>(null);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const abort = useRef<AbortController | null>(null);
  const factsRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (options.data && !settings) setSettings(initialVideoSettings(options.data));
  }, [options.data, settings]);
  useEffect(() => () => abort.current?.abort(), []);

  const read = async () => {
    if (!url.trim() || extracting) return;
    abort.current?.abort();
    abort.current = new AbortController();
    setExtracting(true);
    setExtractError(null);
    setPage(null);
    setFacts(null);
    setBroken(new Set());
    try {
      const found = await extractLink(url.trim(), abort.current.signal);
      setPage(found);
      setFacts(factsFrom(found));
      requestAnimationFrame(() => factsRef.current?.focus());
    } catch (e) {
      if (e instanceof DOMException && e.name === "AbortError") return;
      setExtractError(e);
    } finally {
      setExtracting(false);
    }
  };

  /** A picture that does not load is not picked: the scenes get generated pictures in its place. */
  const pictureFailed = (src: string) => {
    setBroken((b) => (b.has(src) ? b : new Set([...b, src])));
    setFacts((f) => (f && f.picked.includes(src) ? { ...f, picked: f.picked.filter((x) => x !== src) } : f));
  };
  const noPictureLoads = page !== null && page.images.length > 0 && page.images.every((src) => broken.has(src));

  const make = async (renderNow: boolean) => {
    if (!facts || !settings || !page || busy) return;
    const problems: Record<string, string> = {};
    if (!facts.name.trim()) problems.name = "Give the product a name.";
    if (facts.price.trim() && !/^\d+([.,]\d{1,2})?$/.test(facts.price.trim()))
      problems.price = "Write the price as a number such as 49.99.";
    if (facts.currency.trim() && !/^[A-Za-z]{3}$/.test(facts.currency.trim()))
      problems.currency = "Currency is a 3-letter code such as USD.";
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(renderNow ? "render" : "plan");
    setSubmitError(null);
    try {
      const made = await createLinkVideo({
        facts: {
          name: facts.name.trim(),
          description: facts.description.trim(),
          price: facts.price.trim() ? facts.price.trim().replace(",", ".") : null,
          currency: facts.currency.trim() ? facts.currency.trim().toUpperCase() : null,
          brand: facts.brand.trim() || null,
          category: facts.category.trim() || null,
          points: facts.points.map((p) => p.trim()).filter(Boolean),
          image_urls: facts.picked,
          link: page.url,
        },
        video: { ...settings, render_now: renderNow },
      });
      void mutate(isProfileKey);
      router.push(
        renderNow
          ? `/videos/${encodeURIComponent(made.video.id)}`
          : `/content/${encodeURIComponent(made.video.id)}/edit`,
      );
    } catch (e) {
      const fields = fieldMessages(e);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^(facts|video)\./, ""), v])));
      setSubmitError(e);
      setBusy(null);
    }
  };

  const opts = options.data;
  const cost = opts && settings ? settingsCost(opts, settings) : null;
  const balance = profile?.credits ?? opts?.balance ?? 0;
  const model = opts?.models.find((m) => m.id === settings?.model_id);

  return (
    <div className="space-y-8">
      <form
        noValidate
        aria-label="Read a web page"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          void read();
        }}
      >
        <div className="min-w-0 flex-1 space-y-2">
          <label htmlFor={`${id}-url`} className="text-sm font-medium">
            Link to a web page
          </label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://shop.example.com/products/linen-apron"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-describedby={`${id}-url-help`}
          />
          <p id={`${id}-url-help`} className="text-xs text-muted-foreground">
            A product page, an article or a landing page. Reading it is free; nothing is saved until you make the video.
          </p>
        </div>
        <Button
          type="submit"
          disabled={!url.trim() || extracting}
          aria-busy={extracting || undefined}
          className="sm:mb-6"
        >
          <Link2 />
          Read the page
        </Button>
      </form>

      {extracting ? (
        <div role="status" aria-busy="true" className="space-y-4">
          <span className="sr-only">Reading the page</span>
          <Spinner size="sm" label="Reading the page" />
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-24 w-full" />
          <div className="grid grid-cols-3 gap-3 sm:grid-cols-4">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="aspect-square rounded-lg" />
            ))}
          </div>
        </div>
      ) : null}

      {extractError ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>We could not read that page</AlertTitle>
          <AlertDescription>{(extractError as Error).message}</AlertDescription>
        </Alert>
      ) : null}

      {page && facts ? (
        <section aria-labelledby={`${id}-facts`} className="space-y-6 rounded-xl border p-4 sm:p-6">
          <div className="space-y-1">
            <h2 id={`${id}-facts`} ref={factsRef} tabIndex={-1} className="text-lg font-semibold outline-none">
              What we found
            </h2>
            <p className="text-sm text-muted-foreground">
              {page.kind === "product"
                ? "Product details from the page's own data."
                : "The page has no product data: these come from its title, description and text."}{" "}
              Check them before the video is written.
              {page.site_name ? ` From ${page.site_name}.` : ""}
            </p>
          </div>
          {page.notices.length > 0 ? (
            <Alert>
              <Info aria-hidden="true" />
              <AlertTitle>Worth checking</AlertTitle>
              <AlertDescription>
                <ul className="list-disc pl-4">
                  {page.notices.map((n) => (
                    <li key={n}>{n}</li>
                  ))}
                </ul>
              </AlertDescription>
            </Alert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-[1fr_10rem_6rem]">
            <div className="space-y-1">
              <label htmlFor={`${id}-name`} className="text-sm font-medium">
                Name
              </label>
              <Input
                id={`${id}-name`}
                value={facts.name}
                maxLength={200}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={page.raw_name !== page.name ? `${id}-raw-name` : undefined}
                onChange={(e) => setFacts({ ...facts, name: e.target.value })}
              />
              {page.raw_name !== page.name ? (
                <p id={`${id}-raw-name`} className="text-xs break-words text-muted-foreground">
                  The page calls it “{page.raw_name}”; we left out the shop&apos;s additions.
                </p>
              ) : null}
              {errors.name ? <p className="text-xs text-destructive">{errors.name}</p> : null}
            </div>
            <div className="space-y-1">
              <label htmlFor={`${id}-price`} className="text-sm font-medium">
                Price
              </label>
              <Input
                id={`${id}-price`}
                inputMode="decimal"
                value={facts.price}
                placeholder="49.99"
                aria-invalid={errors.price ? true : undefined}
                onChange={(e) => setFacts({ ...facts, price: e.target.value })}
              />
              {errors.price ? <p className="text-xs text-destructive">{errors.price}</p> : null}
            </div>
            <div className="space-y-1">
              <label htmlFor={`${id}-currency`} className="text-sm font-medium">
                Currency
              </label>
              <Input
                id={`${id}-currency`}
                value={facts.currency}
                maxLength={3}
                placeholder="USD"
                aria-invalid={errors.currency ? true : undefined}
                onChange={(e) => setFacts({ ...facts, currency: e.target.value.toUpperCase() })}
              />
              {errors.currency ? <p className="text-xs text-destructive">{errors.currency}</p> : null}
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1">
              <label htmlFor={`${id}-brand`} className="text-sm font-medium">
                Brand or author
              </label>
              <Input
                id={`${id}-brand`}
                value={facts.brand}
                maxLength={200}
                onChange={(e) => setFacts({ ...facts, brand: e.target.value })}
              />
            </div>
            <div className="space-y-1">
              <label htmlFor={`${id}-category`} className="text-sm font-medium">
                Category
              </label>
              <Input
                id={`${id}-category`}
                value={facts.category}
                maxLength={200}
                aria-describedby={`${id}-category-hint`}
                onChange={(e) => setFacts({ ...facts, category: e.target.value })}
              />
              <p id={`${id}-category-hint`} className="text-xs text-muted-foreground">
                Not shown in the video; generated pictures use it to show what the product is.
              </p>
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
              value={facts.description}
              onChange={(e) => setFacts({ ...facts, description: e.target.value })}
            />
          </div>
          <PointsEditor idPrefix={id} points={facts.points} onChange={(points) => setFacts({ ...facts, points })} />
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Pictures ({facts.picked.length} picked)</legend>
            {page.images.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No pictures on this page; the video gets generated pictures.
              </p>
            ) : noPictureLoads ? (
              <p role="status" className="text-sm">
                None of this page&apos;s pictures could be loaded (the shop may block them), so the video uses generated
                pictures instead.
              </p>
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {page.images.map((src, i) => {
                  const checked = facts.picked.includes(src);
                  if (broken.has(src))
                    return (
                      <li
                        key={src}
                        className="flex aspect-square items-center justify-center rounded-lg border bg-muted p-2 text-center text-xs text-muted-foreground"
                      >
                        Picture {i + 1} could not be loaded
                      </li>
                    );
                  return (
                    <li key={src}>
                      <label className="group relative block cursor-pointer overflow-hidden rounded-lg border has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:ring-2">
                        {/* eslint-disable-next-line @next/next/no-img-element -- the page's own pictures, on any host */}
                        <img
                          src={src}
                          alt=""
                          referrerPolicy="no-referrer"
                          onError={() => pictureFailed(src)}
                          className="aspect-square w-full bg-muted object-cover"
                        />
                        <span className="absolute left-2 top-2 rounded bg-background/90 p-1">
                          <input
                            type="checkbox"
                            aria-label={`Use picture ${i + 1}`}
                            checked={checked}
                            onChange={() =>
                              setFacts({
                                ...facts,
                                picked: checked
                                  ? facts.picked.filter((x) => x !== src)
                                  : [...facts.picked, src].slice(0, 12),
                              })
                            }
                          />
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          </fieldset>
        </section>
      ) : null}

      {page && facts ? (
        <section aria-labelledby={`${id}-settings`} className="space-y-4">
          <h2 id={`${id}-settings`} className="text-lg font-semibold">
            The video
          </h2>
          {options.error && !opts ? <p className="text-sm text-destructive">{options.error.message}</p> : null}
          {!opts || !settings ? (
            <Skeleton className="h-40 w-full" />
          ) : (
            <VideoSettingsFields
              options={opts}
              value={settings}
              balance={balance}
              errors={errors}
              onChange={(patch) => setSettings({ ...settings, ...patch })}
            />
          )}
          {submitError ? (
            <ActionErrorPanel
              error={submitError}
              action="The video was not made"
              onDismiss={() => setSubmitError(null)}
            />
          ) : null}
          <div className="sticky bottom-2 z-10 flex flex-wrap items-center justify-end gap-2 rounded-xl border bg-background/95 p-4 shadow-sm backdrop-blur">
            {busy ? (
              <Spinner size="sm" label={busy === "plan" ? "Writing your storyboard" : "Making the video"} />
            ) : null}
            <Button
              type="button"
              variant="outline"
              size="lg"
              disabled={busy !== null || !model?.available}
              onClick={() => void make(false)}
            >
              <LayoutList />
              Create storyboard
            </Button>
            <Button
              type="button"
              size="lg"
              disabled={busy !== null || !model?.available || (cost !== null && cost > balance)}
              onClick={() => void make(true)}
            >
              <Clapperboard />
              Make the video
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
