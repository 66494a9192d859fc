"use client";

import { useId, useState } from "react";
import { Download, FileImage, LoaderCircle } from "lucide-react";

import { Button } from "@/components/ui/button";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { credits, formatBytes } from "@/components/common/format";
import {
  DEFAULT_JPEG_QUALITY,
  type DesignFormat,
  type DesignView,
  type ExportDesignInput,
} from "@/lib/creation/designs/contract";
import { isExporting } from "@/lib/client/hooks/use-designs";

interface DesignExportProps {
  design: DesignView;
  cost: number;
  disabled: boolean;
  onExport(input: ExportDesignInput): Promise<unknown>;
}

const NAMES: Record<DesignFormat, string> = { png: "PNG", jpeg: "JPEG" };

/** Export as PNG or JPEG (a job with progress that survives a reload), then download what it made. */
export function DesignExport({ design, cost, disabled, onExport }: DesignExportProps) {
  const id = useId();
  const [quality, setQuality] = useState(DEFAULT_JPEG_QUALITY);
  const [starting, setStarting] = useState<DesignFormat | null>(null);
  const [error, setError] = useState<unknown>(null);
  const running = isExporting(design);
  const e = design.export;
  const percent = Math.round(Math.min(1, Math.max(0, e?.progress ?? 0)) * 100);
  const files = design.files;
  const stale = files && files.revision !== design.revision;

  const start = async (format: DesignFormat) => {
    setStarting(format);
    setError(null);
    try {
      await onExport(format === "jpeg" ? { format, quality } : { format });
    } catch (err) {
      setError(err);
    } finally {
      setStarting(null);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-sm font-semibold">
          Export
        </h2>
        <span className="text-xs text-muted-foreground">{credits(cost)} per export, all pages</span>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Button
          type="button"
          onClick={() => void start("png")}
          disabled={disabled || running || starting !== null}
          aria-busy={starting === "png" || undefined}
        >
          {starting === "png" ? <LoaderCircle className="animate-spin" /> : <FileImage />}
          Export PNG
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => void start("jpeg")}
          disabled={disabled || running || starting !== null}
          aria-busy={starting === "jpeg" || undefined}
        >
          {starting === "jpeg" ? <LoaderCircle className="animate-spin" /> : <FileImage />}
          Export JPEG
        </Button>
        <div className="min-w-40 flex-1 space-y-1">
          <label htmlFor={`${id}-quality`} className="block text-xs font-medium">
            JPEG quality: <span className="tabular-nums">{quality}</span>
          </label>
          <input
            id={`${id}-quality`}
            type="range"
            min={40}
            max={100}
            step={5}
            value={quality}
            onChange={(ev) => setQuality(Number(ev.target.value))}
            className="w-full accent-primary"
          />
        </div>
      </div>
      {error ? (
        <ActionErrorPanel error={error} action="The export did not start" onDismiss={() => setError(null)} />
      ) : null}
      {e && (running || e.state === "failed") ? (
        <div className="space-y-1.5">
          <div
            role="progressbar"
            aria-label="Export progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${e.pages.rendered} of ${e.pages.total} pages; ${percent}%`}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p role="status" className="text-xs text-muted-foreground">
            {e.state === "failed"
              ? `The ${NAMES[e.format]} export failed: ${e.error ?? "unknown reason"}${e.refunded ? " Your credit was refunded." : ""}`
              : e.state === "queued"
                ? `Waiting for a renderer to export ${NAMES[e.format]}…`
                : `Exporting ${NAMES[e.format]}: page ${Math.min(e.pages.rendered + 1, e.pages.total)} of ${e.pages.total} (${percent}%)`}
          </p>
        </div>
      ) : null}
      {files ? (
        <div className="space-y-2 border-t pt-3">
          <div className="flex flex-wrap items-center gap-2">
            <Button asChild variant="secondary" size="sm">
              <a href={files.download_url} download>
                <Download />
                Download {NAMES[files.format]}
                {files.pages.length > 1 ? ` (${files.pages.length} pages, ZIP)` : ""}
              </a>
            </Button>
            <span className="text-xs text-muted-foreground">
              {files.pages[0]!.width}×{files.pages[0]!.height} ·{" "}
              {formatBytes(files.pages.reduce((n, p) => n + p.size_bytes, 0))}
            </span>
          </div>
          {stale ? (
            <p className="text-xs text-muted-foreground">
              You changed the design after this export; export again to include the changes.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
