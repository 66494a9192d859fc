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
  MAX_SCENES,
  moveScene,
  newSceneId,
  removeScene,
  sceneSummary,
  updateScene,
} from "./editor-model";
import { EditorPreview } from "./editor-preview";
import { EditorToolbar } from "./editor-toolbar";
import { SceneCard } from "./scene-card";
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
      <div className="grid gap-6 lg:grid-cols-12">
        <div className="space-y-3 lg:col-span-7">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full rounded-xl" />
          ))}
        </div>
        <Skeleton className="aspect-video w-full rounded-xl lg:col-span-5" />
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
  const updating =
    status.kind === "saving" ||
    status.kind === "dirty" ||
    player.isValidating ||
    (player.data ? player.data.revision !== video.data.revision : false);

  const move = (index: number, by: -1 | 1) => {
    const scene = draft.scenes[index];
    if (!scene) return;
    sb.edit((d) => moveScene(d, index, by));
    setSelected(scene.id);
    setAnnouncement(`Scene ${index + 1} moved to position ${index + 1 + by}.`);
    focusSceneHead(scene.id);
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

      <div className="grid gap-6 lg:grid-cols-12">
        <section aria-labelledby="scenes-title" className="space-y-3 lg:col-span-7">
          <div className="flex items-center justify-between gap-2">
            <h2 id="scenes-title" className="text-sm font-semibold">
              Scenes <span className="font-normal text-muted-foreground">({draft.scenes.length})</span>
            </h2>
            <p className="hidden text-xs text-muted-foreground sm:block">Alt+↑ / Alt+↓ on a scene moves it.</p>
          </div>
          <ol className="space-y-2" aria-label="Scenes">
            {draft.scenes.map((scene, index) => (
              <SceneCard
                key={scene.id}
                scene={scene}
                index={index}
                count={draft.scenes.length}
                selected={scene.id === selected}
                drawn={drawnOf(scene.id)}
                fps={props?.fps ?? 30}
                layouts={layouts}
                readOnly={readOnly}
                canAdd={draft.scenes.length < MAX_SCENES}
                onSelect={() => setSelected(scene.id === selected ? null : scene.id)}
                onChange={(change, field) => sb.edit((d) => updateScene(d, scene.id, change), field)}
                onMove={(by) => move(index, by)}
                onAdd={() => add(index)}
                onRemove={() => remove(index)}
                onImage={(pick) => sb.setImage(scene.id, pick)}
                picturePrice={opts.scene_picture}
                onMakePost={() => void makePost(scene.id)}
                makingPost={postFor === scene.id}
              />
            ))}
          </ol>
          <Button
            type="button"
            variant="outline"
            disabled={readOnly || draft.scenes.length >= MAX_SCENES}
            onClick={() => add(draft.scenes.length - 1)}
          >
            <Plus />
            Add scene
          </Button>
          <p role="status" aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </section>

        <div className="order-first lg:order-none lg:col-span-5">
          <div className="lg:sticky lg:top-4">
            <EditorPreview
              props={props}
              ratio={draft.aspect_ratio}
              sceneId={selected}
              updating={updating}
              error={player.error && !player.data ? player.error.message : null}
            />
            {selected ? (
              <p className="mt-2 text-xs text-muted-foreground">
                Showing scene {draft.scenes.findIndex((s) => s.id === selected) + 1}
                {(() => {
                  const s = draft.scenes.find((x) => x.id === selected);
                  const text = s ? sceneSummary(s) : "";
                  return text ? `: ${text}` : "";
                })()}
              </p>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
