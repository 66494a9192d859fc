"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Lock, Plus } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useVideoOptions } from "@/lib/client/hooks/use-videos";
import { createDesign } from "@/lib/client/hooks/use-designs";
import { ActionErrorPanel } from "@/components/common/action-error-panel";
import { ConflictPanel } from "@/components/common/conflict-panel";
import { VideoNotFound } from "../video-not-found";
import {
  addSceneAfter,
  formatSeconds,
  MAX_SCENES,
  moveSceneTo,
  newSceneId,
  nudgeLength,
  removeScene,
  setSlotText,
  textOf,
  textSlotsOf,
  updateScene,
} from "./editor-model";
import { captionPresetOf } from "@/lib/engine/composition/caption-presets";
import { CaptionStylePicker } from "./caption-style-picker";
import { EditorPreview } from "./editor-preview";
import { QuickPreview } from "../quick-preview";
import { EditorToolbar } from "./editor-toolbar";
import { SceneFields } from "./scene-card";
import { SceneStrip } from "./scene-strip";
import { useStoryboard } from "./use-storyboard";
import { LoadError } from "@/components/common/load-error";

function focusSceneHead(sceneId: string) {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>(`[data-scene-head="${CSS.escape(sceneId)}"]`)?.focus(),
  );
}

function EditorSkeleton() {
  return (
    <div role="status" aria-busy="true" className="space-y-6">
      <span className="sr-only">Loading the storyboard</span>
      <Skeleton className="h-36 w-full rounded-xl" />
      <div className="flex gap-2 overflow-hidden">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-32 w-32 shrink-0 rounded-lg" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-12">
        <Skeleton className="aspect-video w-full rounded-xl lg:col-span-6" />
        <Skeleton className="h-80 w-full rounded-xl lg:col-span-6" />
      </div>
    </div>
  );
}

/** /content/{id}/edit: the storyboard editor with its live preview. */
export function StoryboardEditor({ id }: { id: string }) {
  const router = useRouter();
  const sb = useStoryboard(id);
  const options = useVideoOptions();
  const [selected, setSelected] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [starting, setStarting] = useState(false);
  const [renderError, setRenderError] = useState<unknown>(null);
  const [postFor, setPostFor] = useState<string | null>(null);
  const [postError, setPostError] = useState<unknown>(null);
  const { draft, video, player, status, readOnly, undo, redo } = sb;

  // Ctrl+Z / Ctrl+Shift+Z (⌘ on a Mac) and Ctrl+Y: the editor's own history, in text fields too.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === "z") {
        e.preventDefault();
        if (e.shiftKey) redo();
        else undo();
      } else if (key === "y") {
        e.preventDefault();
        redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  // Keep a scene selected: the first at the start, a neighbour when the selected one goes.
  useEffect(() => {
    if (!draft) return;
    if (!selected || !draft.scenes.some((s) => s.id === selected)) setSelected(draft.scenes[0]?.id ?? null);
  }, [draft, selected]);

  if (video.error && !video.data) {
    if (video.error.status === 404 || video.error.status === 403) return <VideoNotFound />;
    return (
      <LoadError
        title="We couldn't load this storyboard"
        message={video.error.message}
        onRetry={() => video.mutate()}
      />
    );
  }
  if (options.error && !options.data) {
    return (
      <LoadError
        title="We couldn't load the editor's options"
        message={options.error.message}
        onRetry={() => options.mutate()}
      />
    );
  }
  if (!draft || !video.data || !options.data) return <EditorSkeleton />;

  const opts = options.data;
  const layouts = opts.templates.find((t) => t.id === draft.template_id)?.layouts ?? [];
  const props = player.data?.props ?? null;
  const drawnOf = (sceneId: string) => props?.scenes.find((s) => s.id === sceneId) ?? null;
  const selectedIndex = draft.scenes.findIndex((s) => s.id === selected);
  const selectedScene = draft.scenes[selectedIndex] ?? null;
  const selectedLayout = selectedScene ? (layouts.find((l) => l.id === selectedScene.layout_id) ?? null) : null;
  const updating =
    status.kind === "saving" ||
    status.kind === "dirty" ||
    player.isValidating ||
    (player.data ? player.data.revision !== video.data.revision : false);

  const move = (from: number, to: number) => {
    const scene = draft.scenes[from];
    if (!scene) return;
    sb.edit((d) => moveSceneTo(d, from, to));
    setSelected(scene.id);
    setAnnouncement(`Scene ${from + 1} moved to position ${to + 1}.`);
  };
  const nudge = (sceneId: string, currentMs: number | null, steps: number) => {
    const index = draft.scenes.findIndex((s) => s.id === sceneId);
    const before = draft.scenes[index];
    if (!before) return;
    const after = nudgeLength(before, currentMs, steps);
    if (after === before) return;
    sb.edit((d) => updateScene(d, sceneId, (s) => nudgeLength(s, currentMs, steps)), `length:${sceneId}`);
    setAnnouncement(`Scene ${index + 1} is ${formatSeconds(after.duration_ms ?? 0)} long.`);
  };
  const add = (index: number) => {
    const sceneId = newSceneId(draft.scenes);
    sb.edit((d) => addSceneAfter(d, index, sceneId));
    setSelected(sceneId);
    setAnnouncement(`Scene ${index + 2} added.`);
    focusSceneHead(sceneId);
  };
  const remove = (index: number) => {
    const neighbour = draft.scenes[index + 1] ?? draft.scenes[index - 1];
    sb.edit((d) => removeScene(d, index));
    if (neighbour) {
      setSelected(neighbour.id);
      focusSceneHead(neighbour.id);
    }
    setAnnouncement(`Scene ${index + 1} removed. Press Ctrl+Z to undo.`);
  };
  const render = async () => {
    setStarting(true);
    setRenderError(null);
    try {
      await sb.render();
      router.push(`/videos/${encodeURIComponent(id)}`);
    } catch (e) {
      setRenderError(e);
      setStarting(false);
    }
  };

  // A design from one scene: saved first, so the post shows what the editor shows.
  const makePost = async (sceneId: string) => {
    setPostFor(sceneId);
    setPostError(null);
    try {
      if (!readOnly && !(await sb.save()))
        throw new Error("Your latest edits are not saved yet; fix what the editor says, then try again.");
      const design = await createDesign({ from_video: { content_id: id, scene_id: sceneId } });
      router.push(`/content/${encodeURIComponent(design.id)}/edit`);
    } catch (e) {
      setPostError(e);
      setPostFor(null);
    }
  };

  return (
    <div className="space-y-6">
      {readOnly ? (
        <Alert role="status">
          <Lock aria-hidden="true" />
          <AlertTitle>This video is rendering</AlertTitle>
          <AlertDescription>
            <p>
              The storyboard is read-only until the render finishes.{" "}
              <Link href={`/videos/${encodeURIComponent(id)}`} className="font-medium text-primary hover:underline">
                Follow its progress
              </Link>
            </p>
          </AlertDescription>
        </Alert>
      ) : null}
      {status.kind === "conflict" ? <ConflictPanel what="video" onReload={() => void sb.reload()} /> : null}
      {status.kind === "error" ? <ActionErrorPanel error={status.error} action="Your edits were not saved" /> : null}

      <EditorToolbar
        videoId={id}
        draft={draft}
        options={opts}
        revision={video.data.revision}
        status={status}
        readOnly={readOnly}
        canUndo={sb.canUndo}
        canRedo={sb.canRedo}
        rendering={starting}
        onEdit={sb.edit}
        onUndo={undo}
        onRedo={redo}
        onRetrySave={() => void sb.save()}
        onRestore={sb.restore}
        onRender={() => void render()}
        brandApplied={Boolean(video.data.composition.brand?.apply)}
        onBrand={(apply) => void sb.applyBrand(apply).catch((e: unknown) => setRenderError(e))}
      />
      <QuickPreview
        videoId={id}
        rendering={readOnly || starting}
        beforeStart={async () => {
          if (!(await sb.save()))
            throw new Error("Your latest edits are not saved yet; fix what the editor says, then try again.");
        }}
      />
      {draft.audio.captions ? (
        <CaptionStylePicker
          value={captionPresetOf({ audio: draft.audio, brand: video.data.composition.brand })}
          style={props?.captionStyle ?? null}
          disabled={readOnly}
          onChange={(caption_preset) => sb.edit((d) => ({ ...d, audio: { ...d.audio, caption_preset } }))}
        />
      ) : null}
      {renderError ? (
        <ActionErrorPanel
          error={renderError}
          action="The render did not start"
          onDismiss={() => setRenderError(null)}
        />
      ) : null}
      {postError ? (
        <ActionErrorPanel error={postError} action="The post was not made" onDismiss={() => setPostError(null)} />
      ) : null}

      <section aria-labelledby="scenes-title" className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="scenes-title" className="text-sm font-semibold">
            Scenes <span className="font-normal text-muted-foreground">({draft.scenes.length})</span>
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            {props ? (
              <p className="text-xs text-muted-foreground" data-total-length>
                Total <span className="tabular-nums">{formatSeconds((props.durationInFrames / props.fps) * 1000)}</span>
              </p>
            ) : null}
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={readOnly || draft.scenes.length >= MAX_SCENES}
              onClick={() => add(draft.scenes.length - 1)}
            >
              <Plus />
              Add scene
            </Button>
          </div>
        </div>
        <SceneStrip
          scenes={draft.scenes}
          selected={selected}
          props={props}
          readOnly={readOnly}
          onSelect={setSelected}
          onMove={move}
          onNudge={nudge}
        />
        <p className="text-xs text-muted-foreground">
          Drag a scene to move it (or press Space on its grip, then the arrow keys). − and + change its length.
        </p>
        <p role="status" aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-12">
        <div className="min-w-0 lg:col-span-6">
          <div className="lg:sticky lg:top-4">
            <EditorPreview
              props={props}
              ratio={draft.aspect_ratio}
              sceneId={selected}
              updating={updating}
              error={player.error && !player.data ? player.error.message : null}
              readOnly={readOnly}
              textSlots={selectedScene ? textSlotsOf(selectedScene, drawnOf(selectedScene.id), selectedLayout) : []}
              textOf={(slot) => (selectedScene ? textOf(selectedScene, slot) : "")}
              onEditText={(slot, text) => {
                if (!selectedScene) return;
                sb.edit((d) => updateScene(d, selectedScene.id, (s) => setSlotText(s, slot, text)));
              }}
            />
          </div>
        </div>

        <div className="min-w-0 lg:col-span-6">
          {selectedScene ? (
            <SceneFields
              key={selectedScene.id}
              scene={selectedScene}
              index={selectedIndex}
              count={draft.scenes.length}
              drawn={drawnOf(selectedScene.id)}
              fps={props?.fps ?? 30}
              layouts={layouts}
              readOnly={readOnly}
              canAdd={draft.scenes.length < MAX_SCENES}
              onChange={(change, field) => sb.edit((d) => updateScene(d, selectedScene.id, change), field)}
              onAdd={() => add(selectedIndex)}
              onRemove={() => remove(selectedIndex)}
              onImage={(pick) => sb.setImage(selectedScene.id, pick)}
              videoId={id}
              picturePrice={opts.scene_picture}
              onMakePost={() => void makePost(selectedScene.id)}
              makingPost={postFor === selectedScene.id}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}
