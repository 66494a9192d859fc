"use client";

import { useId, useRef, useState } from "react";
import { Upload } from "lucide-react";

import { Button } from "@/components/ui/button";
import type { AssetItem } from "@/lib/media/images/contract";
import { ACCEPTED_UPLOAD_TYPES, uploadAsset, uploadProblem } from "@/lib/client/hooks/use-assets";
import { cn } from "@/lib/platform/utils";

interface AssetDropzoneProps {
  onUploaded(asset: AssetItem): void;
  /** One file (picking a source) or many (the assets library). */
  multiple?: boolean;
  className?: string;
}

/** Drop files here or choose them; each upload becomes one of my assets (POST /api/v1/assets). */
export function AssetDropzone({ onUploaded, multiple = false, className }: AssetDropzoneProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [status, setStatus] = useState<string>("");
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const upload = async (files: File[]) => {
    const list = multiple ? files : files.slice(0, 1);
    if (list.length === 0) return;
    setBusy(true);
    setErrors([]);
    const problems: string[] = [];
    let done = 0;
    for (const file of list) {
      const problem = uploadProblem(file);
      if (problem) {
        problems.push(problem);
        continue;
      }
      setStatus(`Uploading ${file.name}…`);
      try {
        onUploaded(await uploadAsset(file));
        done += 1;
      } catch (e) {
        problems.push(`${file.name}: ${e instanceof Error ? e.message : "the upload failed."}`);
      }
    }
    setErrors(problems);
    setStatus(done ? `Uploaded ${done} file${done === 1 ? "" : "s"}.` : "");
    setBusy(false);
  };

  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors",
        dragging ? "border-primary bg-accent" : "bg-card/60",
        className,
      )}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        void upload([...e.dataTransfer.files]);
      }}
    >
      <Upload aria-hidden="true" className="size-6 text-primary" />
      <p className="text-sm text-muted-foreground">
        Drag and drop {multiple ? "images" : "an image"} here (PNG, JPEG or WebP), or
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        className="sr-only"
        tabIndex={-1}
        accept={ACCEPTED_UPLOAD_TYPES.join(",")}
        multiple={multiple}
        aria-label={multiple ? "Upload images" : "Upload an image"}
        onChange={(e) => {
          void upload([...(e.target.files ?? [])]);
          e.target.value = "";
        }}
      />
      <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
        {multiple ? "Choose images" : "Choose an image"}
      </Button>
      <p role="status" className="text-xs text-muted-foreground">
        {status}
      </p>
      {errors.length ? (
        <ul role="alert" className="space-y-1 text-xs text-destructive">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
