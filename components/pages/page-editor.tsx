"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import Link from "next/link";
import {
  ArrowDown,
  ArrowUp,
  Clapperboard,
  ExternalLink,
  GripVertical,
  Heading,
  Image as ImageIcon,
  Images,
  Link2,
  Pilcrow,
  SearchX,
  Trash2,
} from "lucide-react";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { CopyField } from "@/components/ui/copy-field";
import { ToggleSwitch } from "@/components/ui/toggle-switch";
import { editPage, publishPage, usePage } from "@/lib/client/hooks/use-pages";
import { conflictReason, issuesOf } from "@/lib/client/api";
import {
  blocksSchema,
  mediaKey,
  type BlockType,
  type MediaPreview,
  type PageBlock,
  type PageView,
} from "@/lib/creation/pages/contract";
import type { WorkspaceItem } from "@/lib/creation/workspace/contract";
import { BlockFields } from "./block-fields";
import { MediaPicker } from "./media-picker";
import { PageBlocks } from "./page-blocks";
import { toPreviewBlocks } from "./preview-blocks";
import { LoadError } from "@/components/common/load-error";

const SAVE_DEBOUNCE_MS = 700;

const ADD: { type: BlockType; label: string; icon: typeof Heading }[] = [
  { type: "heading", label: "Heading", icon: Heading },
  { type: "text", label: "Text", icon: Pilcrow },
  { type: "video", label: "Video", icon: Clapperboard },
  { type: "image", label: "Image", icon: ImageIcon },
  { type: "gallery", label: "Gallery", icon: Images },
  { type: "button", label: "Button", icon: Link2 },
];

const newId = () => `b${Math.random().toString(36).slice(2, 10)}`;

type SaveState = "saved" | "dirty" | "saving" | "invalid" | "conflict" | "error";
const SAVE_TEXT: Record<SaveState, string> = {
  saved: "All changes saved",
  dirty: "Unsaved changes…",
  saving: "Saving…",
  invalid: "Finish the marked fields to save",
  conflict: "Changed elsewhere: reload to continue",
  error: "Could not save; retrying on your next change",
};

/** Which block the picker fills, and how. */
type Picking = { index: number; mode: "replace" | "append" } | { index: null; type: "video" | "image" | "gallery" };

function fromPick(item: WorkspaceItem): MediaPreview {
  return {
    key: mediaKey({ content_id: item.id }),
    kind: item.kind === "video" ? "video" : item.kind === "design" ? "design" : "image",
    title: item.title,
    thumbnail_url: item.thumbnail_url ?? item.poster_url,
    video_url: null,
    missing: false,
  };
}

function Editor({ page, onSaved }: { page: PageView; onSaved(view: PageView): void }) {
  const [title, setTitle] = useState(page.title);
  const [blocks, setBlocks] = useState<PageBlock[]>(page.blocks);
  const [media, setMedia] = useState<Record<string, MediaPreview>>(page.media);
  const [published, setPublished] = useState(page.published);
  const [state, setState] = useState<SaveState>("saved");
  const [issues, setIssues] = useState<Record<string, Record<string, string>>>({});
  const [picking, setPicking] = useState<Picking | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [origin, setOrigin] = useState("");
  const revision = useRef(page.revision);
  const version = useRef(0);
  const savedVersion = useRef(0);
  const saving = useRef<Promise<boolean> | null>(null);
  const dragFrom = useRef<number | null>(null);
  const latest = useRef({ title, blocks });
  // The latest value for callbacks, kept after each commit (not written during render).
  useEffect(() => {
    latest.current = { title, blocks };
  });

  useEffect(() => setOrigin(window.location.origin), []);

  const change = (next: { title?: string; blocks?: PageBlock[] }) => {
    if (next.title !== undefined) setTitle(next.title);
    if (next.blocks !== undefined) setBlocks(next.blocks);
    version.current++;
    setState("dirty");
  };

  /** Saves what is on screen; resolves true when the server has it. */
  const save = useCallback(async (): Promise<boolean> => {
    if (saving.current) await saving.current;
    if (version.current === savedVersion.current) return true;
    const v = version.current;
    const { title: t, blocks: b } = latest.current;
    if (!t.trim() || !blocksSchema.safeParse(b).success) {
      setState("invalid");
      return false;
    }
    setState("saving");
    const run = (async () => {
      try {
        const view = await editPage(page.id, { revision: revision.current, title: t.trim(), blocks: b });
        revision.current = view.revision;
        savedVersion.current = v;
        setMedia((m) => ({ ...m, ...view.media }));
        setIssues({});
        onSaved(view);
        setState(version.current === v ? "saved" : "dirty");
        return true;
      } catch (e) {
        if (conflictReason(e) === "revision") setState("conflict");
        else if (issuesOf(e).length) {
          const byBlock: Record<string, Record<string, string>> = {};
          for (const i of issuesOf(e)) {
            const m = /^blocks\.(\d+)\.(.+)$/.exec(i.path);
            const block = m ? b[Number(m[1])] : undefined;
            if (block && m) (byBlock[block.id] ??= {})[m[2]!] = i.message;
          }
          setIssues(byBlock);
          setState("invalid");
        } else setState("error");
        return false;
      } finally {
        saving.current = null;
      }
    })();
    saving.current = run;
    return run;
  }, [onSaved, page.id]);

  useEffect(() => {
    if (state !== "dirty") return;
    const t = setTimeout(() => void save(), SAVE_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [state, title, blocks, save]);

  const update = (i: number, next: PageBlock) => change({ blocks: blocks.map((b, j) => (j === i ? next : b)) });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    const next = [...blocks];
    const [b] = next.splice(from, 1);
    next.splice(to, 0, b!);
    change({ blocks: next });
  };

  const add = (type: BlockType) => {
    if (type === "video" || type === "image" || type === "gallery") {
      setPicking({ index: null, type });
      return;
    }
    const block: PageBlock =
      type === "heading"
        ? { id: newId(), type, text: "", level: 2 }
        : type === "text"
          ? { id: newId(), type, text: "" }
          : { id: newId(), type: "button", label: "Learn more", url: "" };
    change({ blocks: [...blocks, block] });
  };

  const picked = (items: WorkspaceItem[]) => {
    const p = picking;
    setPicking(null);
    if (!p || items.length === 0) return;
    setMedia((m) => ({
      ...m,
      ...Object.fromEntries(
        items.map((it) => [mediaKey({ content_id: it.id }), m[mediaKey({ content_id: it.id })] ?? fromPick(it)]),
      ),
    }));
    const refs = items.map((it) => ({ content_id: it.id }));
    if (p.index === null) {
      const block: PageBlock =
        p.type === "video"
          ? { id: newId(), type: "video", content_id: items[0]!.id }
          : p.type === "image"
            ? { id: newId(), type: "image", media: refs[0]!, alt: "" }
            : { id: newId(), type: "gallery", items: refs.slice(0, 12) };
      change({ blocks: [...blocks, block] });
      return;
    }
    const b = blocks[p.index]!;
    if (b.type === "video") update(p.index, { ...b, content_id: items[0]!.id });
    else if (b.type === "image") update(p.index, { ...b, media: refs[0]! });
    else if (b.type === "gallery") update(p.index, { ...b, items: [...b.items, ...refs].slice(0, 12) });
  };

  const togglePublish = async (next: boolean) => {
    setPublishing(true);
    setProblem(null);
    try {
      if (!(await save())) {
        setProblem("Save the page first: finish the marked fields.");
        return;
      }
      const view = await publishPage(page.id, next);
      setPublished(view.published);
      onSaved(view);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setPublishing(false);
    }
  };

  const pickerWant = picking
    ? picking.index === null
      ? picking.type === "video"
        ? "video"
        : "picture"
      : blocks[picking.index]?.type === "video"
        ? "video"
        : "picture"
    : "picture";
  const pickerMultiple = picking
    ? picking.index === null
      ? picking.type === "gallery"
      : blocks[picking.index]?.type === "gallery"
    : false;
  const preview = useMemo(() => toPreviewBlocks(blocks, media), [blocks, media]);
  const publicUrl = `${origin}${page.public_path}`;

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="page-edit-heading" className="space-y-5">
        <h2 id="page-edit-heading" className="sr-only">
          Blocks
        </h2>
        <div className="space-y-1.5">
          <label htmlFor="page-title" className="text-sm font-medium">
            Page title
          </label>
          <Input id="page-title" value={title} maxLength={200} onChange={(e) => change({ title: e.target.value })} />
        </div>

        <div className="space-y-3 rounded-xl border p-4">
          <ToggleSwitch
            label="Published"
            checked={published}
            disabled={publishing}
            onChange={(v) => void togglePublish(v)}
            description={published ? "Anyone with the link can see this page." : "Only you can see this page."}
          />
          {published && origin ? (
            <div className="space-y-2">
              <CopyField label="Public link" value={publicUrl} copyLabel="Copy link" />
              <Link
                href={page.public_path}
                target="_blank"
                className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
              >
                Open the public page
                <ExternalLink aria-hidden="true" className="size-3.5" />
              </Link>
            </div>
          ) : null}
          {problem ? (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
        </div>

        <p role="status" className="text-xs text-muted-foreground" data-save-state={state}>
          {SAVE_TEXT[state]}
          {state === "conflict" ? (
            <Button variant="link" size="sm" onClick={() => window.location.reload()}>
              Reload
            </Button>
          ) : null}
        </p>

        {blocks.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            An empty page. Add a first block below.
          </p>
        ) : null}
        <ol aria-label="Blocks" className="space-y-3">
          {blocks.map((block, i) => {
            const label = ADD.find((a) => a.type === block.type)!.label;
            return (
              <li
                key={block.id}
                aria-label={`${label} block ${i + 1} of ${blocks.length}`}
                onDragOver={(e) => {
                  if (dragFrom.current !== null) e.preventDefault();
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragFrom.current !== null) move(dragFrom.current, i);
                  dragFrom.current = null;
                }}
                className="space-y-3 rounded-xl border bg-card p-3"
              >
                <div className="flex items-center gap-1">
                  <span
                    draggable
                    onDragStart={(e) => {
                      dragFrom.current = i;
                      e.dataTransfer.effectAllowed = "move";
                    }}
                    onDragEnd={() => (dragFrom.current = null)}
                    title="Drag to reorder"
                    className="cursor-grab rounded p-1 text-muted-foreground hover:bg-accent"
                  >
                    <GripVertical aria-hidden="true" className="size-4" />
                  </span>
                  <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</span>
                  <div className="ml-auto flex gap-1">
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={`Move ${label.toLowerCase()} block up`}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={`Move ${label.toLowerCase()} block down`}
                      disabled={i === blocks.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={`Remove ${label.toLowerCase()} block`}
                      onClick={() => change({ blocks: blocks.filter((_, j) => j !== i) })}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                <BlockFields
                  block={block}
                  media={media}
                  issues={issues[block.id] ?? {}}
                  onChange={(next) => update(i, next)}
                  onPick={() => setPicking({ index: i, mode: block.type === "gallery" ? "append" : "replace" })}
                />
              </li>
            );
          })}
        </ol>

        <div role="group" aria-label="Add a block" className="flex flex-wrap gap-2">
          {ADD.map(({ type, label, icon: Icon }) => (
            <Button
              key={type}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => add(type)}
              disabled={blocks.length >= 50}
            >
              <Icon aria-hidden="true" />
              Add {label.toLowerCase()}
            </Button>
          ))}
        </div>
      </section>

      <section aria-labelledby="page-preview-heading" className="space-y-3 lg:sticky lg:top-4 lg:self-start">
        <h2 id="page-preview-heading" className="text-sm font-medium text-muted-foreground">
          Preview
        </h2>
        <div className="max-h-[80vh] space-y-6 overflow-auto rounded-xl border bg-background p-6">
          <p className="text-2xl font-semibold tracking-tight">{title || "Untitled page"}</p>
          {preview.length ? (
            <PageBlocks blocks={preview} headingOffset={1} />
          ) : (
            <p className="text-sm text-muted-foreground">Blocks you add show here as readers will see them.</p>
          )}
        </div>
      </section>

      {picking ? (
        <MediaPicker
          open
          want={pickerWant}
          multiple={pickerMultiple}
          onPick={picked}
          onClose={() => setPicking(null)}
        />
      ) : null}
    </div>
  );
}

/** The `page` branch of /content/{id}/edit: blocks on the left, a live preview on the right, publish with the public link. */
export function PageEditor({ id }: { id: string }) {
  const { data, error, mutate } = usePage(id);
  const onSaved = useCallback((view: PageView) => void mutate(view, { revalidate: false }), [mutate]);
  if (error && !data) {
    if (error.status === 404) {
      return (
        <EmptyState
          icon={SearchX}
          heading="We couldn't find this page"
          primaryAction={{ label: "Back to the workspace", href: "/main" }}
        >
          It may have been deleted, or the link may be wrong.
        </EmptyState>
      );
    }
    return <LoadError title="We couldn't load this page" message={error.message} onRetry={() => mutate()} />;
  }
  if (!data) {
    return (
      <div role="status" aria-busy="true" className="grid gap-8 lg:grid-cols-2">
        <span className="sr-only">Loading the page</span>
        <Skeleton className="h-96 rounded-xl" />
        <Skeleton className="h-96 rounded-xl" />
      </div>
    );
  }
  // Keyed by id: the editor holds its own draft of the blocks once loaded.
  return <Editor key={data.id} page={data} onSaved={onSaved} />;
}
