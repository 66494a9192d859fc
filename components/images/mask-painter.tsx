"use client";

import { useCallback, useId, useImperativeHandle, useRef, useState, type Ref } from "react";
import { Brush, Eraser, PaintBucket, Trash2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { alphaToMask, brushInImagePixels, hasPaint, toImagePoint, type Size } from "./mask-encoding";

export interface MaskPainterHandle {
  /** The mask as a PNG data URL of the source's natural size, or null when nothing is painted. */
  exportMask(): string | null;
}

interface MaskPainterProps {
  src: string;
  alt: string;
  ref?: Ref<MaskPainterHandle>;
}

/**
 * Paints the inpainting mask over the source image. The canvas has the
 * source's natural size (CSS scales it), so strokes are stored in source
 * pixels and the export needs no resampling. Key it by the source so a new
 * source starts with a clean mask.
 */
export function MaskPainter({ src, alt, ref }: MaskPainterProps) {
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [brush, setBrush] = useState(40);
  const [tool, setTool] = useState<"brush" | "eraser">("brush");
  const [painted, setPainted] = useState(false);

  // The mask is read back (hasPaint, export), so ask for a CPU-backed canvas.
  const ctx = () => canvas.current?.getContext("2d", { willReadFrequently: true }) ?? null;

  const refreshPainted = useCallback(() => {
    const c = canvas.current;
    const g = ctx();
    if (c && g) setPainted(hasPaint(g.getImageData(0, 0, c.width, c.height).data));
  }, []);

  useImperativeHandle(ref, () => ({
    exportMask() {
      const c = canvas.current;
      const g = ctx();
      if (!c || !g || !natural) return null;
      const data = g.getImageData(0, 0, c.width, c.height);
      if (!hasPaint(data.data)) return null;
      const out = document.createElement("canvas");
      out.width = c.width;
      out.height = c.height;
      out.getContext("2d")!.putImageData(new ImageData(alphaToMask(data.data), c.width, c.height), 0, 0);
      return out.toDataURL("image/png");
    },
  }));

  const stroke = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const c = canvas.current;
    const g = ctx();
    if (!c || !g || !natural) return;
    const rect = c.getBoundingClientRect();
    const p = toImagePoint({ clientX: e.clientX, clientY: e.clientY, rect, natural });
    const from = last.current ?? p;
    g.globalCompositeOperation = tool === "eraser" ? "destination-out" : "source-over";
    g.strokeStyle = "rgb(139 92 246)";
    g.lineCap = "round";
    g.lineJoin = "round";
    g.lineWidth = brushInImagePixels(brush, rect.width, natural.width);
    g.beginPath();
    g.moveTo(from.x, from.y);
    g.lineTo(p.x + 0.01, p.y);
    g.stroke();
    last.current = p;
  };

  const fill = (clear: boolean) => {
    const c = canvas.current;
    const g = ctx();
    if (!c || !g) return;
    g.globalCompositeOperation = "source-over";
    g.clearRect(0, 0, c.width, c.height);
    if (!clear) {
      g.fillStyle = "rgb(139 92 246)";
      g.fillRect(0, 0, c.width, c.height);
    }
    setPainted(!clear);
  };

  return (
    <div className="space-y-3">
      <div
        role="region"
        aria-label="Mask"
        aria-describedby={`${id}-help`}
        className="relative overflow-hidden rounded-xl border bg-muted"
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- signed URLs change on every fetch; no optimizer. */}
        <img
          src={src}
          alt={alt}
          width={natural?.width}
          height={natural?.height}
          className="block h-auto w-full select-none"
          draggable={false}
          ref={(img) => {
            // A cached image can finish before React listens for "load".
            if (img?.complete && img.naturalWidth && !natural)
              setNatural({ width: img.naturalWidth, height: img.naturalHeight });
          }}
          onLoad={(e) => {
            const { naturalWidth: width, naturalHeight: height } = e.currentTarget;
            if (natural?.width !== width || natural?.height !== height) setNatural({ width, height });
          }}
        />
        {natural ? (
          <canvas
            ref={canvas}
            width={natural.width}
            height={natural.height}
            aria-hidden="true"
            className="absolute inset-0 size-full cursor-crosshair touch-none opacity-55"
            onPointerDown={(e) => {
              e.currentTarget.setPointerCapture(e.pointerId);
              last.current = null;
              stroke(e);
            }}
            onPointerMove={(e) => {
              if (e.buttons & 1 || e.pointerType === "touch") {
                if (last.current) stroke(e);
              }
            }}
            onPointerUp={() => {
              last.current = null;
              refreshPainted();
            }}
            onPointerCancel={() => (last.current = null)}
          />
        ) : null}
      </div>
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        Optional: paint over the parts to change; unpainted parts are kept. Without a mask the whole image is reworked.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div role="group" aria-label="Mask tool" className="flex gap-1">
          <Button
            variant={tool === "brush" ? "secondary" : "ghost"}
            size="sm"
            aria-pressed={tool === "brush"}
            onClick={() => setTool("brush")}
          >
            <Brush />
            Brush
          </Button>
          <Button
            variant={tool === "eraser" ? "secondary" : "ghost"}
            size="sm"
            aria-pressed={tool === "eraser"}
            onClick={() => setTool("eraser")}
          >
            <Eraser />
            Eraser
          </Button>
        </div>
        <label className="flex items-center gap-2 text-sm">
          Brush size
          <input
            type="range"
            min={4}
            max={160}
            value={brush}
            onChange={(e) => setBrush(Number(e.target.value))}
            className="w-32 accent-primary"
          />
          <span className="w-10 text-xs tabular-nums text-muted-foreground">{brush}px</span>
        </label>
        <Button variant="ghost" size="sm" onClick={() => fill(false)}>
          <PaintBucket />
          Mask everything
        </Button>
        <Button variant="ghost" size="sm" onClick={() => fill(true)} disabled={!painted}>
          <Trash2 />
          Clear mask
        </Button>
        <span role="status" className="text-xs text-muted-foreground">
          {painted ? "Mask painted" : "No mask"}
        </span>
      </div>
    </div>
  );
}
