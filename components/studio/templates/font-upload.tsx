"use client";
/** Uploading a font file for templates: checked on the server (a file that is not a font is refused with the reason). */
import { useId, useState } from "react";
import { Upload } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { ApiClientError, CLIENT_ERROR_CODES, apiFetch } from "@/lib/client/api";
import type { TemplateFontFile } from "@/lib/engine/composition/template-schema";

export type UploadedFontView = TemplateFontFile & { url: string };
type Role = "heading" | "body";

/** What the user reads when an upload fails: the server's reason, else the status. */
function uploadFailure(e: unknown): string {
  if (!(e instanceof ApiClientError) || e.code === CLIENT_ERROR_CODES.network) return "Could not reach the server.";
  if (e.code === CLIENT_ERROR_CODES.unknown || e.code === CLIENT_ERROR_CODES.invalidResponse)
    return `The upload failed (${e.status}).`;
  return e.message;
}

export function FontUpload({
  templateId,
  current,
  onUse,
}: {
  templateId: string;
  current: { heading: TemplateFontFile | null; body: TemplateFontFile | null };
  onUse(role: Role, font: UploadedFontView | null): void;
}) {
  const id = useId();
  const [state, setState] = useState<
    { kind: "idle" } | { kind: "busy" } | { kind: "ok"; font: UploadedFontView } | { kind: "error"; message: string }
  >({ kind: "idle" });
  async function upload(file: File) {
    setState({ kind: "busy" });
    const form = new FormData();
    form.append("file", file);
    try {
      const font = await apiFetch<UploadedFontView>(
        `/api/v1/studio/templates/${encodeURIComponent(templateId)}/fonts`,
        { method: "POST", file: { body: form } },
      );
      setState({ kind: "ok", font });
    } catch (e) {
      setState({ kind: "error", message: uploadFailure(e) });
    }
  }
  return (
    <div className="space-y-1">
      <Label htmlFor={id} className="gap-1">
        <Upload aria-hidden className="size-4" /> Upload a font (TTF, OTF, WOFF, WOFF2)
      </Label>
      <input
        id={id}
        type="file"
        accept=".ttf,.otf,.woff,.woff2,font/*"
        disabled={state.kind === "busy"}
        onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])}
        className="block w-full text-sm file:mr-2 file:rounded file:border file:bg-muted file:px-2 file:py-1"
      />
      <p
        role="status"
        aria-live="polite"
        className={state.kind === "error" ? "text-sm text-destructive" : "text-xs text-muted-foreground"}
      >
        {state.kind === "busy"
          ? "Checking the file…"
          : state.kind === "ok"
            ? `${state.font.family} (${state.font.format.toUpperCase()}) checked and stored.`
            : state.kind === "error"
              ? state.message
              : "The file is checked before it is stored."}
      </p>
      {state.kind === "ok" ? (
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" onClick={() => onUse("heading", state.font)}>
            Use for headings
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => onUse("body", state.font)}>
            Use for body text
          </Button>
        </div>
      ) : null}
      {(["heading", "body"] as const).map((role) =>
        current[role] ? (
          <p key={role} className="flex items-center justify-between gap-2 text-sm">
            <span>
              {role === "heading" ? "Headings" : "Body text"}: uploaded {current[role]!.family}
            </span>
            <Button type="button" size="sm" variant="ghost" onClick={() => onUse(role, null)}>
              Use the bundled font
            </Button>
          </p>
        ) : null,
      )}
    </div>
  );
}
