"use client";

import { useEffect, useId, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Download, FolderOpen, Trash2, Upload } from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { ConfirmDialog } from "@/components/images/confirm-dialog";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import {
  ACCEPT_ATTRIBUTE,
  formatBytes,
  KIND_LABELS,
  type AssetUsage,
  type AssetView,
} from "@/lib/media/assets/contract";
import { deleteAsset, patchAsset, replaceAssetFile, useAsset, useAssetUsage } from "@/lib/client/hooks/use-assets";
import { AssetCredit, AssetTags } from "./asset-tags";
import { formatDuration } from "./assets-library";

function FontSpecimen({ a }: { a: AssetView }) {
  const family = `pf-preview-${a.id}`;
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    let live = true;
    const face = new FontFace(family, `url(${JSON.stringify(a.urls.original)})`);
    face.load().then(
      (f) => {
        document.fonts.add(f);
        if (live) setState("ready");
      },
      () => live && setState("failed"),
    );
    return () => {
      live = false;
    };
  }, [a.urls.original, family, a.updated_at]);
  if (state === "failed") return <p role="alert">This browser could not load the font.</p>;
  return (
    <div
      style={{ fontFamily: `"${family}", sans-serif` }}
      className="space-y-3 p-6"
      aria-busy={state === "loading"}
      data-testid="font-specimen"
    >
      <p className="text-5xl">{a.font_family}</p>
      <p className="text-2xl">The quick brown fox jumps over the lazy dog</p>
      <p className="text-lg">ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 !?&amp;</p>
    </div>
  );
}

function Preview({ a }: { a: AssetView }) {
  if (a.kind === "video")
    return (
      <video
        src={a.urls.original}
        poster={a.urls.poster ?? undefined}
        controls
        className="max-h-[60vh] w-full rounded-lg bg-black"
      />
    );
  if (a.kind === "audio") return <audio src={a.urls.original} controls className="w-full" />;
  if (a.kind === "font") return <FontSpecimen a={a} />;
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={a.urls.original} alt={a.name} className="mx-auto max-h-[60vh] rounded-lg object-contain" />;
}

function UsageList({ usage }: { usage: AssetUsage }) {
  if (usage.total === 0) return <p className="text-sm text-muted-foreground">Not used anywhere yet.</p>;
  return (
    <ul className="space-y-1 text-sm">
      {usage.videos.map((v) => (
        <li key={v.id}>
          <Link className="underline" href={v.href}>
            {v.title}
          </Link>{" "}
          <span className="text-muted-foreground">
            ({v.kind}
            {v.scenes.length ? `, scene ${v.scenes.join(", ")}` : ", brand"})
          </span>
        </li>
      ))}
      {usage.products.map((p) => (
        <li key={p.id}>
          <Link className="underline" href={p.href}>
            {p.name}
          </Link>{" "}
          <span className="text-muted-foreground">(product picture)</span>
        </li>
      ))}
      {usage.brand_kit ? (
        <li>
          <Link className="underline" href="/assets#brand-kit">
            Your brand kit
          </Link>{" "}
          <span className="text-muted-foreground">({usage.brand_kit.fields.join(", ")})</span>
        </li>
      ) : null}
    </ul>
  );
}

/** /assets/{id}: preview, facts, where it is used, rename, replace, download, delete. */
export function AssetDetail({ id }: { id: string }) {
  const router = useRouter();
  const asset = useAsset(id);
  const usage = useAssetUsage(id);
  const [name, setName] = useState<string | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const nameId = useId();

  if (asset.error?.status === 404) {
    return (
      <EmptyState
        icon={FolderOpen}
        heading="There is no such asset"
        primaryAction={{ label: "Back to assets", href: "/assets" }}
      >
        It may have been deleted, or it belongs to someone else.
      </EmptyState>
    );
  }
  if (asset.error)
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription>
          <p>{asset.error.message}</p>
        </AlertDescription>
      </Alert>
    );
  if (!asset.data)
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading…
      </div>
    );
  const a = asset.data;

  const rename = async (e: React.FormEvent) => {
    e.preventDefault();
    if (name === null || name.trim() === a.name) return;
    try {
      await asset.mutate(await patchAsset(id, { name: name.trim() }), { revalidate: false });
      setName(null);
      setMessage({ error: false, text: "Renamed." });
    } catch (err) {
      setMessage({ error: true, text: err instanceof Error ? err.message : "Not renamed." });
    }
  };
  const replace = async (file: File) => {
    setProgress(0);
    try {
      await asset.mutate(await replaceAssetFile(id, file, setProgress), { revalidate: false });
      setMessage({
        error: false,
        text: `Replaced with ${file.name}. Videos and designs that use it show the new file.`,
      });
    } catch (err) {
      setMessage({ error: true, text: err instanceof Error ? err.message : "Not replaced." });
    } finally {
      setProgress(null);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await deleteAsset(id, true);
      router.push("/assets");
    } catch (err) {
      setMessage({ error: true, text: err instanceof Error ? err.message : "Not deleted." });
      setBusy(false);
      setConfirming(false);
    }
  };
  const used = usage.data?.total ?? 0;

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <section aria-label="Preview" className="rounded-xl border bg-muted/30 p-4">
        <Preview a={a} />
      </section>
      <div className="space-y-6">
        {message ? (
          <Alert variant={message.error ? "destructive" : "default"} role={message.error ? "alert" : "status"}>
            <AlertDescription>
              <p>{message.text}</p>
            </AlertDescription>
          </Alert>
        ) : null}
        <form onSubmit={rename} className="space-y-2">
          <Label htmlFor={nameId}>Name</Label>
          <div className="flex gap-2">
            <Input id={nameId} value={name ?? a.name} maxLength={255} onChange={(e) => setName(e.target.value)} />
            <Button type="submit" variant="outline" disabled={name === null || !name.trim() || name.trim() === a.name}>
              Rename
            </Button>
          </div>
        </form>
        <AssetTags
          key={a.tags.join(",")}
          asset={a}
          onSave={async (tags) => {
            await asset.mutate(await patchAsset(id, { tags }), { revalidate: false });
            setMessage({ error: false, text: "Tags saved." });
          }}
        />
        <AssetCredit asset={a} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Type</dt>
          <dd>
            {KIND_LABELS[a.kind].one} ({a.content_type})
          </dd>
          <dt className="text-muted-foreground">File</dt>
          <dd className="truncate">{a.filename}</dd>
          <dt className="text-muted-foreground">Size</dt>
          <dd>{formatBytes(a.size)}</dd>
          {a.width && a.height ? (
            <>
              <dt className="text-muted-foreground">Dimensions</dt>
              <dd>
                {a.width} × {a.height} px
              </dd>
            </>
          ) : null}
          {a.duration_ms !== null ? (
            <>
              <dt className="text-muted-foreground">Length</dt>
              <dd>{formatDuration(a.duration_ms)}</dd>
            </>
          ) : null}
          {a.font_family ? (
            <>
              <dt className="text-muted-foreground">Family</dt>
              <dd>{a.font_family}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Uploaded</dt>
          <dd>{new Date(a.created_at).toLocaleString()}</dd>
        </dl>
        <section aria-labelledby="used-heading" className="space-y-2">
          <h2 id="used-heading" className="text-sm font-semibold">
            Where it is used
          </h2>
          {usage.data ? <UsageList usage={usage.data} /> : <p className="text-sm text-muted-foreground">Checking…</p>}
        </section>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={progress !== null}>
            <Upload /> Replace…
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT_ATTRIBUTE}
            className="sr-only"
            aria-label="Replace with a file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = "";
              if (f) void replace(f);
            }}
          />
          <Button variant="outline" asChild>
            <a href={a.urls.download} download>
              <Download /> Download
            </a>
          </Button>
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            <Trash2 /> Delete
          </Button>
        </div>
        {progress !== null ? (
          <progress max={1} value={progress} className="h-2 w-full" aria-label="Uploading the replacement" />
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${a.name}?`}
        confirmLabel={used ? "Delete anyway" : "Delete"}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        {used && usage.data ? (
          <div className="space-y-2">
            <p>
              This asset is in use. Videos and designs that use it keep showing it; it leaves the brand kit and
              products.
            </p>
            <UsageList usage={usage.data} />
          </div>
        ) : (
          <p>It is not used anywhere. This cannot be undone.</p>
        )}
      </ConfirmDialog>
    </div>
  );
}
