"use client";

import { useCallback, useId, useRef, useState } from "react";
import { CheckCircle2, CircleAlert, Upload } from "lucide-react";

import { Button } from "@/components/ui/button";
import { ACCEPT_ATTRIBUTE, clientUploadProblem, formatBytes } from "@/lib/media/assets/contract";
import type { AssetView } from "@/lib/media/assets/contract";
import { uploadAsset } from "@/lib/client/hooks/use-assets";
import { cn } from "@/lib/platform/utils";

interface Row {
  key: string;
  name: string;
  size: number;
  progress: number;
  state: "uploading" | "done" | "error";
  message: string | null;
}

/** How many files travel at once: each has its own request and progress bar. */
const PARALLEL = 2;

/**
 * Multi-file drag and drop (or a picker): one request per file, a progress
 * bar per file (XMLHttpRequest upload progress), and each file's own error.
 */
export function UploadQueue({ onUploaded }: { onUploaded: (asset: AssetView) => void }) {
  const [rows, setRows] = useState<Row[]>([]);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const update = (key: string, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const start = useCallback(
    (files: File[]) => {
      const batch = files.map((f, i) => ({
        file: f,
        row: {
          key: `${Date.now()}-${i}-${f.name}`,
          name: f.name,
          size: f.size,
          progress: 0,
          state: "uploading" as const,
          message: null,
        },
      }));
      setRows((rs) => [...batch.map((b) => b.row), ...rs].slice(0, 50));
      const queue = [...batch];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const { file, row } = next;
          const problem = clientUploadProblem(file);
          if (problem) {
            update(row.key, { state: "error", message: problem });
            continue;
          }
          try {
            const asset = await uploadAsset(file, undefined, { onProgress: (p) => update(row.key, { progress: p }) });
            update(row.key, { state: "done", progress: 1 });
            onUploaded(asset);
          } catch (e) {
            update(row.key, { state: "error", message: e instanceof Error ? e.message : "The upload failed." });
          }
        }
      };
      void Promise.all(Array.from({ length: PARALLEL }, worker));
    },
    [onUploaded],
  );

  return (
    <div className="space-y-3">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          start(Array.from(e.dataTransfer.files));
        }}
        data-testid="asset-dropzone"
        className={cn(
          "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-8 text-center transition-colors",
          over ? "border-primary bg-primary/5" : "border-border",
        )}
      >
        <Upload className="size-6 text-muted-foreground" aria-hidden />
        <p className="text-sm">
          Drop images, logos (SVG too), video clips, audio or fonts here, or{" "}
          <Button type="button" variant="link" className="h-auto p-0" onClick={() => input.current?.click()}>
            choose files
          </Button>
          .
        </p>
        <p className="text-xs text-muted-foreground">
          Images and logos up to 10 MB (SVG 1 MB), video clips 200 MB, audio 50 MB, fonts 10 MB.
        </p>
        <label htmlFor={id} className="sr-only">
          Upload files
        </label>
        <input
          id={id}
          ref={input}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          className="sr-only"
          onChange={(e) => {
            start(Array.from(e.target.files ?? []));
            e.target.value = "";
          }}
        />
      </div>
      {rows.length > 0 ? (
        <ul className="space-y-2" aria-label="Uploads">
          {rows.map((r) => (
            <li key={r.key} className="rounded-md border p-3 text-sm" data-state={r.state}>
              <div className="flex items-center gap-2">
                {r.state === "done" ? (
                  <CheckCircle2 className="size-4 text-green-600" aria-hidden />
                ) : r.state === "error" ? (
                  <CircleAlert className="size-4 text-destructive" aria-hidden />
                ) : null}
                <span className="min-w-0 flex-1 truncate font-medium">{r.name}</span>
                <span className="text-xs text-muted-foreground">{formatBytes(r.size)}</span>
              </div>
              {r.state === "uploading" ? (
                <progress className="mt-2 h-2 w-full" max={1} value={r.progress} aria-label={`Uploading ${r.name}`} />
              ) : r.state === "error" ? (
                <p role="alert" className="mt-1 text-destructive">
                  {r.message}
                </p>
              ) : (
                <p className="mt-1 text-muted-foreground">Uploaded</p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
