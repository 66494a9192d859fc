"use client";

import { useId } from "react";
import { Check, Clapperboard, CloudOff, LoaderCircle, Redo2, Undo2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { VideoOptions } from "@/lib/creation/video/contract";
import { ToggleSwitch } from "@/components/ui/toggle-switch";
import { RATIO_NAMES } from "@/components/common/format";
import type { Draft } from "./editor-model";
import { RevisionsMenu } from "./revisions-menu";
import { LanguageSelect } from "../language-select";
import { voiceForLanguage, voiceLanguageName, voicesInLanguage } from "@/lib/creation/video/voice-language";
import type { SaveStatus } from "./use-storyboard";

const SELECT =
  "flex h-9 w-full min-w-0 max-w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs disabled:opacity-50";

function SaveState({ status, onRetry }: { status: SaveStatus; onRetry(): void }) {
  const text =
    status.kind === "saving"
      ? "Saving…"
      : status.kind === "dirty"
        ? "Unsaved changes"
        : status.kind === "error"
          ? "Not saved"
          : status.kind === "conflict"
            ? "Not saved: changed elsewhere"
            : "Saved";
  const Icon =
    status.kind === "saving" ? LoaderCircle : status.kind === "error" || status.kind === "conflict" ? CloudOff : Check;
  return (
    <div className="flex items-center gap-2">
      <p role="status" aria-live="polite" className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon
          aria-hidden="true"
          className={status.kind === "saving" ? "size-3.5 animate-spin motion-reduce:animate-none" : "size-3.5"}
        />
        {text}
      </p>
      {status.kind === "error" ? (
        <Button type="button" variant="ghost" size="sm" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}

/** A voice as the picker names it: the whole of it, never cut. */
function labelOfVoice(v: VideoOptions["voices"][number]): string {
  const language = voiceLanguageName(v.language);
  // Offline voices are named by their language already ("Arabic (العربية) · female").
  return `${v.label}${v.label.startsWith(language) ? "" : ` (${language})`}${v.preview ? " · Local preview" : ""}`;
}

interface EditorToolbarProps {
  videoId: string;
  draft: Draft;
  options: VideoOptions;
  revision: number;
  status: SaveStatus;
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  rendering: boolean;
  onEdit(change: (d: Draft) => Draft, field?: string): void;
  onUndo(): void;
  onRedo(): void;
  onRetrySave(): void;
  onRestore(revision: number): Promise<unknown>;
  onRender(): void;
  /** Whether the video applies the brand kit, and the switch's handler. */
  brandApplied: boolean;
  onBrand(apply: boolean): void;
}

/** The storyboard's settings (title, template, shape, voice, captions, music) and its commands. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { draft, options, readOnly } = props;
  const id = useId();
  const musicOn = draft.audio.music.track_id !== null;
  const firstTrack = options.music[0]?.id ?? null;
  const voice = options.voices.find((v) => v.id === draft.audio.voice_id);
  const voiceLabel = voice ? labelOfVoice(voice) : (draft.audio.voice_id ?? "No narration");
  // The voices that speak the video's language (provider voices speak them all).
  const languageVoices = voicesInLanguage(options.voices, draft.language);

  return (
    <div className="space-y-4 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 basis-56 grow space-y-1.5">
          <label htmlFor={`${id}-title`} className="text-xs font-medium">
            Title
          </label>
          <Input
            id={`${id}-title`}
            value={draft.title}
            maxLength={200}
            readOnly={readOnly}
            aria-invalid={draft.title.trim() === "" ? true : undefined}
            aria-describedby={draft.title.trim() === "" ? `${id}-title-err` : undefined}
            onChange={(e) => props.onEdit((d) => ({ ...d, title: e.target.value }), "title")}
            className="text-base font-medium"
          />
          {draft.title.trim() === "" ? (
            <p id={`${id}-title-err`} className="text-xs text-destructive">
              Give the video a title; it is saved once it has one.
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SaveState status={props.status} onRetry={props.onRetrySave} />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Undo"
            aria-keyshortcuts="Control+Z Meta+Z"
            title="Undo (Ctrl+Z)"
            disabled={readOnly || !props.canUndo}
            onClick={props.onUndo}
          >
            <Undo2 />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Redo"
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
            title="Redo (Ctrl+Shift+Z)"
            disabled={readOnly || !props.canRedo}
            onClick={props.onRedo}
          >
            <Redo2 />
          </Button>
          <RevisionsMenu
            videoId={props.videoId}
            current={props.revision}
            disabled={readOnly}
            onRestore={props.onRestore}
          />
          <Button
            type="button"
            onClick={props.onRender}
            disabled={readOnly || props.rendering}
            aria-busy={props.rendering || undefined}
          >
            <Clapperboard />
            Render
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-1.5">
          <label htmlFor={`${id}-template`} className="text-xs font-medium">
            Template
          </label>
          <select
            id={`${id}-template`}
            value={draft.template_id}
            disabled={readOnly}
            onChange={(e) => props.onEdit((d) => ({ ...d, template_id: e.target.value }))}
            className={SELECT}
          >
            {options.templates.some((t) => t.id === draft.template_id) ? null : (
              <option value={draft.template_id}>{draft.template_id}</option>
            )}
            {options.templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 space-y-1.5">
          <label htmlFor={`${id}-ratio`} className="text-xs font-medium">
            Aspect ratio
          </label>
          <select
            id={`${id}-ratio`}
            value={draft.aspect_ratio}
            disabled={readOnly}
            onChange={(e) => props.onEdit((d) => ({ ...d, aspect_ratio: e.target.value as Draft["aspect_ratio"] }))}
            className={SELECT}
          >
            {options.ratios.map((r) => (
              <option key={r} value={r}>
                {r} {RATIO_NAMES[r]}
              </option>
            ))}
          </select>
        </div>
        <LanguageSelect
          compact
          value={draft.language}
          disabled={readOnly}
          onChange={(language) =>
            props.onEdit((d) => ({
              ...d,
              language,
              // The voice follows the language when it does not speak it.
              audio: { ...d.audio, voice_id: voiceForLanguage(options.voices, language, d.audio.voice_id) },
            }))
          }
        />
        {/* The voice has the widest field (two columns on a tablet) so its whole label shows. */}
        <div className="min-w-0 space-y-1.5 sm:col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-voice`} className="text-xs font-medium">
            Voice
          </label>
          <select
            id={`${id}-voice`}
            value={draft.audio.voice_id ?? ""}
            disabled={readOnly}
            onChange={(e) => props.onEdit((d) => ({ ...d, audio: { ...d.audio, voice_id: e.target.value || null } }))}
            title={voiceLabel}
            className={SELECT}
          >
            <option value="">No narration</option>
            {draft.audio.voice_id && !languageVoices.some((v) => v.id === draft.audio.voice_id) ? (
              <option value={draft.audio.voice_id}>{voice ? labelOfVoice(voice) : draft.audio.voice_id}</option>
            ) : null}
            {languageVoices.map((v) => (
              <option key={v.id} value={v.id}>
                {labelOfVoice(v)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="min-w-0">
          <ToggleSwitch
            label="Apply my brand kit"
            description="Your logo, colours and fonts from Assets"
            checked={props.brandApplied}
            disabled={readOnly}
            onChange={props.onBrand}
          />
        </div>
        <div className="min-w-0">
          <ToggleSwitch
            label="Captions"
            checked={draft.audio.captions}
            disabled={readOnly}
            onChange={(captions) => props.onEdit((d) => ({ ...d, audio: { ...d.audio, captions } }))}
          />
        </div>
        <div className="min-w-0 space-y-2 sm:col-span-2">
          <ToggleSwitch
            label="Music"
            checked={musicOn}
            disabled={readOnly || (!musicOn && firstTrack === null)}
            onChange={(on) =>
              props.onEdit((d) => ({
                ...d,
                audio: { ...d.audio, music: { ...d.audio.music, track_id: on ? firstTrack : null } },
              }))
            }
          />
          {musicOn ? (
            <div>
              <label htmlFor={`${id}-track`} className="sr-only">
                Music track
              </label>
              <select
                id={`${id}-track`}
                value={draft.audio.music.track_id ?? ""}
                disabled={readOnly}
                onChange={(e) =>
                  props.onEdit((d) => ({
                    ...d,
                    audio: { ...d.audio, music: { ...d.audio.music, track_id: e.target.value } },
                  }))
                }
                className={SELECT}
              >
                {options.music.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.label} ({m.mood})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
