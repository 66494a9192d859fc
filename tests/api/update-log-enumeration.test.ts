/**
 * Every mutating route writes the update log: this test finds every route
 * file under app/api/v1 whose POST/PUT/PATCH/DELETE is a real handler (it
 * answers something other than 405), and fails when one is missing from the
 * table below. Each route that changes content (or, through the data
 * dashboard, a document) is then called for real, with emulator tokens, and
 * must add exactly one entry per changed item — with the right entity,
 * action, actor and source — and nothing else. That covers the staff areas
 * too (studio/** and ops/**: layouts, generated layouts, clients, pipelines
 * and their runs, prompts and suites, dashboard documents), called with a
 * staff token. Routes that change nothing the log follows (see ENTITY_TYPES
 * in lib/platform/update-log/contract.ts) say why. The workers' ready/failed
 * transitions are the system's.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { json, newUser, req, type TestUser } from "./image-library.support";
import { newStaff } from "./ops.support";
import type { EntityType } from "@/lib/platform/update-log/contract";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-update-log-enum-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

const API_ROOT = path.join(process.cwd(), "app/api/v1");
const METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

type Handler = (r: NextRequest, c: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface Call {
  method: Method;
  url: string;
  params: Record<string, string>;
  body?: unknown;
  token?: string;
}
interface Expect {
  entity: EntityType;
  action: string;
  /** The entity ids that must each get exactly one entry (default: whatever one entry names). */
  ids?: string[];
  count?: number;
  /** Other entities the same call changes (a cascade): each gets exactly one entry too. */
  also?: { entity: EntityType; action: string; id: string }[];
}
type Case =
  | { setup: (h: Harness) => Promise<{ call: Call; expect: Expect }> }
  | { notFollowed: string }
  /** Followed, but it needs a paid provider's answer (mocked at its HTTP boundary): that test checks its log entry. */
  | { loggedIn: string };

let user: TestUser;
let staff: TestUser & { email: string };
let db: import("@/lib/platform/db/db").Db;
let store: import("@/lib/platform/storage/types").BlobStore;
let seq = 0;

interface Harness {
  user: TestUser;
  staff: TestUser;
  video(opts?: {
    rendered?: boolean;
  }): Promise<{ id: string; revision: number; composition: { scenes: { id: string; layout_id: string }[] } }>;
  design(): Promise<{ id: string; revision: number; composition: { scenes: { id: string }[] } }>;
  page(): Promise<{ id: string; revision: number }>;
  image(): Promise<string>;
  vibe(): Promise<string>;
  /** Staff: a draft layout. */
  layout(): Promise<{
    id: string;
    revision: number;
    name: string;
    description: string;
    slots: unknown;
    boxes: unknown;
  }>;
  /** Staff: a pending generated layout candidate (the Local preview model). */
  candidate(): Promise<{ id: string; revision: number }>;
  client(): Promise<{ id: string; revision: number }>;
  pipeline(opts?: { clientId?: string; webhook?: boolean }): Promise<{ id: string; revision: number }>;
  /** Staff: a started (queued, never rendered: IN_APP_WORKER=0) run of a new pipeline. */
  run(): Promise<{ pipelineId: string; runId: string }>;
  /** Staff: a starter template's page (its revision, and the draft's style), optionally after saving a draft. */
  template(
    id: string,
    opts?: { edit?: boolean },
  ): Promise<{ template: { revision: number; stage: string }; draft: { body: { style: Record<string, unknown> } } }>;
}

const KIT = {
  logo_asset_id: null,
  colors: { primary: "#111111", secondary: "#222222", accent: "#333333", text: "#000000", background: "#ffffff" },
  fonts: { heading: { kind: "bundled", id: "inter" }, body: { kind: "bundled", id: "inter" } },
};
const PIPE_SETTINGS = {
  template_id: null,
  aspect_ratios: ["9:16"],
  length_s: 15,
  voice_id: null,
  captions: false,
  music: false,
  model_id: "local/preview",
};

async function ok(what: string, res: Response, want = 300) {
  const r = await json(res);
  if (r.status >= want) throw new Error(`${what} setup: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

async function call(c: Call): Promise<Response> {
  const rel = c.url.replace(/^\/api\/v1\//, "").split("?")[0]!;
  const pattern = routePatternOf(rel, c.params);
  const mod = (await import(path.join(API_ROOT, pattern, "route.ts"))) as Record<string, Handler>;
  return mod[c.method]!(req(c.url, { method: c.method, token: c.token ?? user.token, json: c.body }), {
    params: Promise.resolve(c.params),
  });
}

/** `videos/abc/render` with { id: "abc" } → `videos/[id]/render`. */
function routePatternOf(rel: string, params: Record<string, string>): string {
  const byValue = new Map(Object.entries(params).map(([k, v]) => [v, k]));
  return rel
    .split("/")
    .map((seg) => (byValue.has(seg) ? `[${byValue.get(seg)}]` : seg))
    .join("/");
}

const harness = (): Harness => ({
  user,
  staff,
  async video(opts = {}) {
    if (opts.rendered) {
      const { seedVideo } = await import("@/lib/creation/workspace/testing");
      const id = `vid${++seq}`;
      await seedVideo(db, store, user.uid, id, { rendered: true });
      return { id, revision: 0, composition: { scenes: [] } };
    }
    const res = await json(
      await call({
        method: "POST",
        url: "/api/v1/videos",
        params: {},
        body: {
          brief: "Bean There roasts coffee in Lisbon every morning.",
          aspect_ratio: "9:16",
          length_s: 15,
          template_id: null,
          voice_id: null,
          captions: false,
          music: false,
          model_id: "local/preview",
        },
      }),
    );
    if (res.status !== 201) throw new Error(`video setup: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  },
  async design() {
    const res = await json(await call({ method: "POST", url: "/api/v1/designs", params: {}, body: {} }));
    if (res.status !== 201) throw new Error(`design setup: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  },
  async page() {
    const res = await json(await call({ method: "POST", url: "/api/v1/pages", params: {}, body: { title: "A page" } }));
    if (res.status !== 201) throw new Error(`page setup: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  },
  async image() {
    const { seedImage } = await import("@/lib/creation/workspace/testing");
    return seedImage(db, store, user.uid, `img${++seq}`);
  },
  async vibe() {
    const { vibes } = await import("@/lib/platform/db/collections");
    const id = `vibe${++seq}`;
    const at = new Date().toISOString();
    await db.collection(vibes).doc(id).create({
      owner_id: null,
      name: "Calm",
      prompt_additions: "soft",
      visibility: "public",
      created_at: at,
      updated_at: at,
    });
    return id;
  },
  async layout() {
    return ok(
      "layout",
      await call({
        method: "POST",
        url: "/api/v1/studio/layouts",
        params: {},
        token: staff.token,
        body: { name: `Enum layout ${++seq}` },
      }),
    );
  },
  async candidate() {
    const made = await ok(
      "layout-gen",
      await call({
        method: "POST",
        url: "/api/v1/studio/layout-gen",
        params: {},
        token: staff.token,
        body: { brief: "A headline, a product photo and a logo bottom right", count: 1, model_id: "local/preview" },
      }),
    );
    const saved = (made.candidates as { status: string; layout?: { id: string; revision: number } }[]).find(
      (c) => c.status === "saved",
    );
    if (!saved?.layout) throw new Error(`layout-gen setup: no candidate saved ${JSON.stringify(made)}`);
    return saved.layout;
  },
  async client() {
    return ok(
      "client",
      await call({
        method: "POST",
        url: "/api/v1/ops/clients",
        params: {},
        token: staff.token,
        body: { name: `Enum client ${++seq}`, brand_kit: KIT },
      }),
    );
  },
  async pipeline(opts = {}) {
    const clientId = opts.clientId ?? (await this.client()).id;
    const source = {
      kind: "csv",
      file_name: "rows.csv",
      rows: [
        {
          key: "id:1",
          row: { link: null, prompt: "Cold brew, steeped eighteen hours.", name: null, price: null, image_url: null },
        },
      ],
    };
    return ok(
      "pipeline",
      await call({
        method: "POST",
        url: "/api/v1/ops/pipelines",
        params: {},
        token: staff.token,
        body: {
          client_id: clientId,
          name: `Enum pipeline ${++seq}`,
          source,
          settings: PIPE_SETTINGS,
          webhook_url: opts.webhook ? "https://hooks.example.com/pf" : null,
        },
      }),
    );
  },
  async run() {
    const p = await this.pipeline();
    const run = await ok(
      "run",
      await call({
        method: "POST",
        url: `/api/v1/ops/pipelines/${p.id}/runs`,
        params: { pipeId: p.id },
        token: staff.token,
      }),
    );
    return { pipelineId: p.id, runId: run.id };
  },
  async template(id, opts = {}) {
    const t = await ok(
      "template",
      await call({
        method: "GET" as Method,
        url: `/api/v1/studio/templates/${id}`,
        params: { templateId: id },
        token: staff.token,
      }),
    );
    if (!opts.edit) return t;
    const style = { ...t.draft.body.style, radius: (Number(t.draft.body.style.radius) || 0) + 2 };
    return ok(
      "template draft",
      await call({
        method: "PATCH",
        url: `/api/v1/studio/templates/${id}/draft`,
        params: { templateId: id },
        token: staff.token,
        body: { revision: t.template.revision, style },
      }),
    );
  },
});

const content = (action: string, extra: Partial<Expect> = {}): Expect => ({ entity: "content", action, ...extra });

const TABLE: Record<string, Case> = {
  // ---- content
  "POST /api/v1/images/generations": {
    setup: async () => ({
      call: {
        method: "POST",
        url: "/api/v1/images/generations",
        params: {},
        body: { prompt: "a lighthouse", model_id: "local/preview", count: 2 },
      },
      expect: content("create", { count: 2 }),
    }),
  },
  "POST /api/v1/images/[id]/share": {
    setup: async (h) => {
      const id = await h.image();
      return {
        call: { method: "POST", url: `/api/v1/images/${id}/share`, params: { id } },
        expect: content("share", { ids: [id] }),
      };
    },
  },
  "DELETE /api/v1/images/[id]/share": {
    setup: async (h) => {
      const id = await h.image();
      await call({ method: "POST", url: `/api/v1/images/${id}/share`, params: { id } });
      return {
        call: { method: "DELETE", url: `/api/v1/images/${id}/share`, params: { id } },
        expect: content("unshare", { ids: [id] }),
      };
    },
  },
  // ---- the public gallery (lib/creation/gallery): the owner's choice and a staff member's hide are logged like sharing
  "PUT /api/v1/content/[id]/gallery": {
    setup: async (h) => {
      const id = await h.image();
      return {
        call: { method: "PUT", url: `/api/v1/content/${id}/gallery`, params: { id }, body: { show: true } },
        expect: content("gallery_show", { ids: [id] }),
      };
    },
  },
  "PUT /api/v1/ops/gallery/[id]": {
    setup: async (h) => {
      const id = await h.image();
      return {
        call: {
          method: "PUT",
          url: `/api/v1/ops/gallery/${id}`,
          params: { id },
          body: { hidden: true },
          token: staff.token,
        },
        expect: content("gallery_hide", { ids: [id] }),
      };
    },
  },
  "POST /api/v1/public/gallery/[id]/report": {
    notFollowed: "a visitor's report changes no content: it is a gallery_reports document staff read in the dashboard",
  },
  "DELETE /api/v1/images/[id]": {
    setup: async (h) => {
      const id = await h.image();
      return {
        call: { method: "DELETE", url: `/api/v1/images/${id}`, params: { id } },
        expect: content("delete", { ids: [id] }),
      };
    },
  },
  "POST /api/v1/images/bulk-delete": {
    setup: async (h) => {
      const ids = [await h.image(), await h.image()];
      return {
        call: { method: "POST", url: "/api/v1/images/bulk-delete", params: {}, body: { ids } },
        expect: content("delete", { ids }),
      };
    },
  },
  "POST /api/v1/designs": {
    setup: async () => ({
      call: { method: "POST", url: "/api/v1/designs", params: {}, body: {} },
      expect: content("create"),
    }),
  },
  "PATCH /api/v1/designs/[id]": {
    setup: async (h) => {
      const d = await h.design();
      return {
        call: {
          method: "PATCH",
          url: `/api/v1/designs/${d.id}`,
          params: { id: d.id },
          body: { revision: d.revision, title: "Renamed design" },
        },
        expect: content("update", { ids: [d.id] }),
      };
    },
  },
  "DELETE /api/v1/designs/[id]": {
    setup: async (h) => {
      const d = await h.design();
      return {
        call: { method: "DELETE", url: `/api/v1/designs/${d.id}`, params: { id: d.id } },
        expect: content("delete", { ids: [d.id] }),
      };
    },
  },
  "POST /api/v1/designs/[id]/duplicate": {
    setup: async (h) => {
      const d = await h.design();
      return {
        call: { method: "POST", url: `/api/v1/designs/${d.id}/duplicate`, params: { id: d.id } },
        expect: content("create"),
      };
    },
  },
  "POST /api/v1/designs/[id]/resize": {
    setup: async (h) => {
      const d = await h.design();
      return {
        call: {
          method: "POST",
          url: `/api/v1/designs/${d.id}/resize`,
          params: { id: d.id },
          body: { aspect_ratios: ["16:9", "9:16"] },
        },
        expect: content("create", { count: 2 }),
      };
    },
  },
  "POST /api/v1/designs/[id]/export": {
    setup: async (h) => {
      const d = await h.design();
      return {
        call: { method: "POST", url: `/api/v1/designs/${d.id}/export`, params: { id: d.id }, body: { format: "png" } },
        expect: content("export", { ids: [d.id] }),
      };
    },
  },
  "PUT /api/v1/designs/[id]/share": {
    setup: async (h) => {
      const d = await h.design();
      const { content: contentColl } = await import("@/lib/platform/db/collections");
      const snap = await db.collection(contentColl).doc(d.id).get();
      const files = {
        format: "png",
        quality: null,
        revision: 0,
        pages: [{ key: `designs/${user.uid}/${d.id}/p1.png`, width: 64, height: 64, size_bytes: 10 }],
        thumbnail_key: `designs/${user.uid}/${d.id}/t.webp`,
        rendered_at: new Date().toISOString(),
      };
      await db
        .collection(contentColl)
        .doc(d.id)
        .update({ status: "ready", settings: { ...snap!.data.settings, files } });
      return {
        call: { method: "PUT", url: `/api/v1/designs/${d.id}/share`, params: { id: d.id }, body: { public: true } },
        expect: content("share", { ids: [d.id] }),
      };
    },
  },
  "POST /api/v1/designs/[id]/scenes/[sceneId]/image": {
    setup: async (h) => {
      const [d, img] = [await h.design(), await h.image()];
      const sceneId = d.composition.scenes[0]!.id;
      return {
        call: {
          method: "POST",
          url: `/api/v1/designs/${d.id}/scenes/${sceneId}/image`,
          params: { id: d.id, sceneId },
          body: { source: "content", id: img, revision: d.revision },
        },
        expect: content("update", { ids: [d.id] }),
      };
    },
  },
  "POST /api/v1/pages": {
    setup: async () => ({
      call: { method: "POST", url: "/api/v1/pages", params: {}, body: { title: "Hello" } },
      expect: content("create"),
    }),
  },
  "PATCH /api/v1/pages/[id]": {
    setup: async (h) => {
      const p = await h.page();
      return {
        call: {
          method: "PATCH",
          url: `/api/v1/pages/${p.id}`,
          params: { id: p.id },
          body: { revision: p.revision, title: "Renamed page" },
        },
        expect: content("update", { ids: [p.id] }),
      };
    },
  },
  "DELETE /api/v1/pages/[id]": {
    setup: async (h) => {
      const p = await h.page();
      return {
        call: { method: "DELETE", url: `/api/v1/pages/${p.id}`, params: { id: p.id } },
        expect: content("delete", { ids: [p.id] }),
      };
    },
  },
  "PUT /api/v1/pages/[id]/publish": {
    setup: async (h) => {
      const p = await h.page();
      // A page publishes with at least one block: a text block.
      const edited = await json(
        await call({
          method: "PATCH",
          url: `/api/v1/pages/${p.id}`,
          params: { id: p.id },
          body: { revision: p.revision, blocks: [{ id: "b1", type: "text", text: "Hello" }] },
        }),
      );
      if (edited.status !== 200) throw new Error(`page block setup: ${JSON.stringify(edited.body)}`);
      return {
        call: { method: "PUT", url: `/api/v1/pages/${p.id}/publish`, params: { id: p.id }, body: { published: true } },
        expect: content("publish", { ids: [p.id] }),
      };
    },
  },
  "POST /api/v1/videos": {
    setup: async () => ({
      call: {
        method: "POST",
        url: "/api/v1/videos",
        params: {},
        body: {
          brief: "A bakery in Porto opens at dawn.",
          aspect_ratio: "1:1",
          length_s: 15,
          template_id: null,
          voice_id: null,
          captions: false,
          music: false,
          model_id: "local/preview",
        },
      },
      expect: content("create"),
    }),
  },
  "PATCH /api/v1/videos/[id]": {
    setup: async (h) => {
      const v = await h.video();
      return {
        call: {
          method: "PATCH",
          url: `/api/v1/videos/${v.id}`,
          params: { id: v.id },
          body: { revision: v.revision, title: "Renamed video" },
        },
        expect: content("update", { ids: [v.id] }),
      };
    },
  },
  "DELETE /api/v1/videos/[id]": {
    setup: async (h) => {
      const v = await h.video();
      return {
        call: { method: "DELETE", url: `/api/v1/videos/${v.id}`, params: { id: v.id } },
        expect: content("delete", { ids: [v.id] }),
      };
    },
  },
  "POST /api/v1/videos/[id]/duplicate": {
    setup: async (h) => {
      const v = await h.video();
      return {
        call: { method: "POST", url: `/api/v1/videos/${v.id}/duplicate`, params: { id: v.id } },
        expect: content("create"),
      };
    },
  },
  "POST /api/v1/videos/[id]/render": {
    setup: async (h) => {
      const v = await h.video();
      return {
        call: { method: "POST", url: `/api/v1/videos/${v.id}/render`, params: { id: v.id } },
        expect: content("render", { ids: [v.id] }),
      };
    },
  },
  "POST /api/v1/videos/[id]/cancel": {
    setup: async (h) => {
      const v = await h.video();
      const r = await call({ method: "POST", url: `/api/v1/videos/${v.id}/render`, params: { id: v.id } });
      if (r.status >= 300) throw new Error(`render setup: ${r.status} ${await r.text()}`);
      return {
        call: { method: "POST", url: `/api/v1/videos/${v.id}/cancel`, params: { id: v.id } },
        expect: content("cancel", { ids: [v.id] }),
      };
    },
  },
  "PUT /api/v1/videos/[id]/share": {
    setup: async (h) => {
      const v = await h.video({ rendered: true });
      return {
        call: { method: "PUT", url: `/api/v1/videos/${v.id}/share`, params: { id: v.id }, body: { public: true } },
        expect: content("share", { ids: [v.id] }),
      };
    },
  },
  "POST /api/v1/videos/[id]/revisions/[revision]/restore": {
    setup: async (h) => {
      const v = await h.video();
      const e = await call({
        method: "PATCH",
        url: `/api/v1/videos/${v.id}`,
        params: { id: v.id },
        body: { revision: v.revision, title: "Second title" },
      });
      if (e.status !== 200) throw new Error(`edit setup: ${e.status}`);
      return {
        call: {
          method: "POST",
          url: `/api/v1/videos/${v.id}/revisions/0/restore`,
          params: { id: v.id, revision: "0" },
        },
        expect: content("update", { ids: [v.id] }),
      };
    },
  },
  "POST /api/v1/videos/[id]/scenes/[sceneId]/image": {
    setup: async (h) => {
      const [v, img] = [await h.video(), await h.image()];
      // A scene whose layout has a picture slot.
      const { getTemplateVersion } = await import("@/lib/engine/composition/library");
      const comp = v.composition as unknown as {
        template: { id: string; version: number };
        scenes: { id: string; layout_id: string }[];
      };
      const version = await getTemplateVersion(db, comp.template.id, comp.template.version);
      const sceneId = comp.scenes.find((s) =>
        version?.layouts.find((l) => l.id === s.layout_id)?.slots.some((x) => x.kind === "image"),
      )!.id;
      return {
        call: {
          method: "POST",
          url: `/api/v1/videos/${v.id}/scenes/${sceneId}/image`,
          params: { id: v.id, sceneId },
          body: { source: "content", id: img, revision: v.revision },
        },
        expect: content("update", { ids: [v.id] }),
      };
    },
  },
  "PUT /api/v1/videos/[id]/brand": {
    setup: async (h) => {
      const v = await h.video();
      return {
        call: {
          method: "PUT",
          url: `/api/v1/videos/${v.id}/brand`,
          params: { id: v.id },
          body: { apply: true, revision: v.revision },
        },
        expect: content("apply_brand", { ids: [v.id] }),
      };
    },
  },
  "POST /api/v1/links/video": {
    setup: async () => ({
      call: {
        method: "POST",
        url: "/api/v1/links/video",
        params: {},
        body: {
          facts: { name: "Rope", description: "Sturdy hemp rope for boats." },
          video: {
            aspect_ratio: "1:1",
            length_s: 15,
            template_id: null,
            voice_id: null,
            captions: false,
            music: false,
            model_id: "local/preview",
          },
        },
      },
      expect: content("create"),
    }),
  },
  "POST /api/v1/workspace/delete": {
    setup: async (h) => {
      const [img, p] = [await h.image(), await h.page()];
      return {
        call: {
          method: "POST",
          url: "/api/v1/workspace/delete",
          params: {},
          body: {
            items: [
              { kind: "image", id: img },
              { kind: "page", id: p.id },
            ],
          },
        },
        expect: content("delete", { ids: [img, p.id] }),
      };
    },
  },
  // ---- dashboard documents
  "POST /api/v1/ops/data/[collection]": {
    setup: async (h) => ({
      call: {
        method: "POST",
        url: "/api/v1/ops/data/vibes",
        params: { collection: "vibes" },
        token: h.staff.token,
        body: {
          id: `nv${++seq}`,
          data: {
            owner_id: null,
            name: "New",
            prompt_additions: "x",
            visibility: "private",
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          },
        },
      },
      expect: { entity: "document", action: "create" },
    }),
  },
  "PUT /api/v1/ops/data/[collection]/[documentId]": {
    setup: async (h) => {
      const id = await h.vibe();
      const open = await json(
        await call({
          method: "GET" as Method,
          url: `/api/v1/ops/data/vibes/${id}`,
          params: { collection: "vibes", documentId: id },
          token: h.staff.token,
        }),
      );
      return {
        call: {
          method: "PUT",
          url: `/api/v1/ops/data/vibes/${id}`,
          params: { collection: "vibes", documentId: id },
          token: h.staff.token,
          body: { version: open.body.data.version, data: { ...open.body.data.data, name: "Changed" } },
        },
        expect: { entity: "document", action: "update", ids: [`vibes/${id}`] },
      };
    },
  },
  "DELETE /api/v1/ops/data/[collection]/[documentId]": {
    setup: async (h) => {
      const id = await h.vibe();
      const open = await json(
        await call({
          method: "GET" as Method,
          url: `/api/v1/ops/data/vibes/${id}`,
          params: { collection: "vibes", documentId: id },
          token: h.staff.token,
        }),
      );
      return {
        call: {
          method: "DELETE",
          url: `/api/v1/ops/data/vibes/${id}?version=${open.body.data.version}`,
          params: { collection: "vibes", documentId: id },
          token: h.staff.token,
        },
        expect: { entity: "document", action: "delete", ids: [`vibes/${id}`] },
      };
    },
  },
  // ---- staff: layouts (lib/studio/layouts)
  "POST /api/v1/studio/layouts": {
    setup: async (h) => ({
      call: {
        method: "POST",
        url: "/api/v1/studio/layouts",
        params: {},
        token: h.staff.token,
        body: { name: `Enum layout ${++seq}` },
      },
      expect: { entity: "layout", action: "create" },
    }),
  },
  "PATCH /api/v1/studio/layouts/[id]": {
    setup: async (h) => {
      const l = await h.layout();
      const body = { name: `${l.name} renamed`, description: l.description, slots: l.slots, boxes: l.boxes };
      return {
        call: {
          method: "PATCH",
          url: `/api/v1/studio/layouts/${l.id}`,
          params: { id: l.id },
          token: h.staff.token,
          body: { revision: l.revision, body },
        },
        expect: { entity: "layout", action: "update", ids: [l.id] },
      };
    },
  },
  "DELETE /api/v1/studio/layouts/[id]": {
    setup: async (h) => {
      const l = await h.layout();
      return {
        call: {
          method: "DELETE",
          url: `/api/v1/studio/layouts/${l.id}?revision=${l.revision}`,
          params: { id: l.id },
          token: h.staff.token,
        },
        expect: { entity: "layout", action: "delete", ids: [l.id] },
      };
    },
  },
  "POST /api/v1/studio/layouts/[id]/stage": {
    setup: async (h) => {
      const l = await h.layout();
      return {
        call: {
          method: "POST",
          url: `/api/v1/studio/layouts/${l.id}/stage`,
          params: { id: l.id },
          token: h.staff.token,
          body: { revision: l.revision, to: "review" },
        },
        expect: { entity: "layout", action: "stage", ids: [l.id] },
      };
    },
  },
  // ---- staff: layout generation and review (lib/studio/layout-gen)
  "POST /api/v1/studio/layout-gen": {
    setup: async (h) => {
      // The area's first use seeds its demo candidates (logged as the system): do that before counting.
      await ok(
        "review list",
        await call({
          method: "GET" as Method,
          url: "/api/v1/studio/generated-layouts",
          params: {},
          token: h.staff.token,
        }),
      );
      return {
        call: {
          method: "POST",
          url: "/api/v1/studio/layout-gen",
          params: {},
          token: h.staff.token,
          body: { brief: "A quote with its author and a small logo", count: 2, model_id: "local/preview" },
        },
        expect: { entity: "layout", action: "generate", count: 2 },
      };
    },
  },
  "POST /api/v1/studio/generated-layouts/[layoutId]/approve": {
    setup: async (h) => {
      const l = await h.candidate();
      return {
        call: {
          method: "POST",
          url: `/api/v1/studio/generated-layouts/${l.id}/approve`,
          params: { layoutId: l.id },
          token: h.staff.token,
          body: { revision: l.revision },
        },
        expect: { entity: "layout", action: "approve", ids: [l.id] },
      };
    },
  },
  "POST /api/v1/studio/generated-layouts/[layoutId]/reject": {
    setup: async (h) => {
      const l = await h.candidate();
      return {
        call: {
          method: "POST",
          url: `/api/v1/studio/generated-layouts/${l.id}/reject`,
          params: { layoutId: l.id },
          token: h.staff.token,
          body: { revision: l.revision, reason: "The logo fights the headline" },
        },
        expect: { entity: "layout", action: "reject", ids: [l.id] },
      };
    },
  },
  // ---- staff: production clients and pipelines (lib/operations/production)
  "POST /api/v1/ops/clients": {
    setup: async (h) => ({
      call: {
        method: "POST",
        url: "/api/v1/ops/clients",
        params: {},
        token: h.staff.token,
        body: { name: `Enum client ${++seq}`, brand_kit: KIT },
      },
      expect: { entity: "client", action: "create" },
    }),
  },
  "PATCH /api/v1/ops/clients/[clientId]": {
    setup: async (h) => {
      const c = await h.client();
      return {
        call: {
          method: "PATCH",
          url: `/api/v1/ops/clients/${c.id}`,
          params: { clientId: c.id },
          token: h.staff.token,
          body: { revision: c.revision, notes: "Prefers square videos." },
        },
        expect: { entity: "client", action: "update", ids: [c.id] },
      };
    },
  },
  "DELETE /api/v1/ops/clients/[clientId]": {
    setup: async (h) => {
      // Archiving a client archives its pipelines: one entry for each.
      const c = await h.client();
      const p = await h.pipeline({ clientId: c.id });
      return {
        call: {
          method: "DELETE",
          url: `/api/v1/ops/clients/${c.id}?revision=${c.revision}`,
          params: { clientId: c.id },
          token: h.staff.token,
        },
        expect: {
          entity: "client",
          action: "delete",
          ids: [c.id],
          also: [{ entity: "pipeline", action: "delete", id: p.id }],
        },
      };
    },
  },
  "POST /api/v1/ops/pipelines": {
    setup: async (h) => {
      const c = await h.client();
      const source = {
        kind: "csv",
        file_name: "rows.csv",
        rows: [
          { key: "id:1", row: { link: null, prompt: "The Lisbon roast.", name: null, price: null, image_url: null } },
        ],
      };
      return {
        call: {
          method: "POST",
          url: "/api/v1/ops/pipelines",
          params: {},
          token: h.staff.token,
          body: { client_id: c.id, name: "Spotlights", source, settings: PIPE_SETTINGS },
        },
        expect: { entity: "pipeline", action: "create" },
      };
    },
  },
  "PATCH /api/v1/ops/pipelines/[pipeId]": {
    setup: async (h) => {
      const p = await h.pipeline();
      return {
        call: {
          method: "PATCH",
          url: `/api/v1/ops/pipelines/${p.id}`,
          params: { pipeId: p.id },
          token: h.staff.token,
          body: { revision: p.revision, name: "Renamed pipeline" },
        },
        expect: { entity: "pipeline", action: "update", ids: [p.id] },
      };
    },
  },
  "DELETE /api/v1/ops/pipelines/[pipeId]": {
    setup: async (h) => {
      const p = await h.pipeline();
      return {
        call: {
          method: "DELETE",
          url: `/api/v1/ops/pipelines/${p.id}?revision=${p.revision}`,
          params: { pipeId: p.id },
          token: h.staff.token,
        },
        expect: { entity: "pipeline", action: "delete", ids: [p.id] },
      };
    },
  },
  "POST /api/v1/ops/pipelines/[pipeId]/webhook-secret": {
    setup: async (h) => {
      const p = await h.pipeline({ webhook: true });
      return {
        call: {
          method: "POST",
          url: `/api/v1/ops/pipelines/${p.id}/webhook-secret`,
          params: { pipeId: p.id },
          token: h.staff.token,
        },
        expect: { entity: "pipeline", action: "rotate_secret", ids: [p.id] },
      };
    },
  },
  // A run writes one pipeline entry; its videos are made later by the batch worker (logged as worker:batch), not here (IN_APP_WORKER=0).
  "POST /api/v1/ops/pipelines/[pipeId]/runs": {
    setup: async (h) => {
      const p = await h.pipeline();
      return {
        call: {
          method: "POST",
          url: `/api/v1/ops/pipelines/${p.id}/runs`,
          params: { pipeId: p.id },
          token: h.staff.token,
        },
        expect: { entity: "pipeline", action: "run", ids: [p.id] },
      };
    },
  },
  "POST /api/v1/ops/pipelines/[pipeId]/runs/[runId]/cancel": {
    setup: async (h) => {
      const { pipelineId, runId } = await h.run();
      return {
        call: {
          method: "POST",
          url: `/api/v1/ops/pipelines/${pipelineId}/runs/${runId}/cancel`,
          params: { pipeId: pipelineId, runId },
          token: h.staff.token,
        },
        expect: { entity: "pipeline", action: "cancel_run", ids: [pipelineId] },
      };
    },
  },
  "POST /api/v1/ops/pipelines/[pipeId]/runs/[runId]/retry": {
    setup: async (h) => {
      // A cancelled item can be retried.
      const { pipelineId, runId } = await h.run();
      await ok(
        "cancel",
        await call({
          method: "POST",
          url: `/api/v1/ops/pipelines/${pipelineId}/runs/${runId}/cancel`,
          params: { pipeId: pipelineId, runId },
          token: h.staff.token,
        }),
      );
      return {
        call: {
          method: "POST",
          url: `/api/v1/ops/pipelines/${pipelineId}/runs/${runId}/retry`,
          params: { pipeId: pipelineId, runId },
          token: h.staff.token,
          body: {},
        },
        expect: { entity: "pipeline", action: "retry_run", ids: [pipelineId] },
      };
    },
  },
  // ---- staff: prompts and their test suites (lib/operations/prompt-testing)
  "POST /api/v1/ops/prompts/[promptId]/versions": {
    setup: async (h) => {
      const p = await ok(
        "prompt",
        await call({
          method: "GET" as Method,
          url: "/api/v1/ops/prompts/video.writer",
          params: { promptId: "video.writer" },
          token: h.staff.token,
        }),
      );
      return {
        call: {
          method: "POST",
          url: "/api/v1/ops/prompts/video.writer/versions",
          params: { promptId: "video.writer" },
          token: h.staff.token,
          body: {
            text: `${p.versions[0].text}\nKeep every line short.`,
            notes: "shorter lines",
            based_on: p.current_version,
          },
        },
        expect: { entity: "prompt", action: "version", ids: ["video.writer"] },
      };
    },
  },
  "POST /api/v1/ops/prompts/suites": {
    setup: async (h) => {
      const demo = await ok(
        "suite",
        await call({
          method: "GET" as Method,
          url: "/api/v1/ops/prompts/suites/demo-video-writer",
          params: { suiteId: "demo-video-writer" },
          token: h.staff.token,
        }),
      );
      return {
        call: {
          method: "POST",
          url: "/api/v1/ops/prompts/suites",
          params: {},
          token: h.staff.token,
          body: {
            name: `Enum suite ${++seq}`,
            description: demo.description,
            prompt_id: demo.prompt_id,
            cases: demo.cases,
          },
        },
        expect: { entity: "suite", action: "create" },
      };
    },
  },
  "PUT /api/v1/ops/prompts/suites/[suiteId]": {
    setup: async (h) => {
      const s = await ok(
        "suite",
        await call({
          method: "GET" as Method,
          url: "/api/v1/ops/prompts/suites/demo-video-writer",
          params: { suiteId: "demo-video-writer" },
          token: h.staff.token,
        }),
      );
      return {
        call: {
          method: "PUT",
          url: "/api/v1/ops/prompts/suites/demo-video-writer",
          params: { suiteId: "demo-video-writer" },
          token: h.staff.token,
          body: {
            revision: s.revision,
            suite: { name: s.name, description: `${s.description} (edited)`, prompt_id: s.prompt_id, cases: s.cases },
          },
        },
        expect: { entity: "suite", action: "update", ids: ["demo-video-writer"] },
      };
    },
  },
  // ---- staff: templates (lib/studio/templates); each row uses its own starter template
  "PATCH /api/v1/studio/templates/[templateId]/draft": {
    setup: async (h) => {
      const t = await h.template("starter-elegant");
      const style = { ...t.draft.body.style, radius: 12 };
      return {
        call: {
          method: "PATCH",
          url: "/api/v1/studio/templates/starter-elegant/draft",
          params: { templateId: "starter-elegant" },
          token: h.staff.token,
          body: { revision: t.template.revision, style },
        },
        expect: { entity: "template", action: "update", ids: ["starter-elegant"] },
      };
    },
  },
  "DELETE /api/v1/studio/templates/[templateId]/draft": {
    setup: async (h) => {
      const t = await h.template("starter-bold", { edit: true });
      return {
        call: {
          method: "DELETE",
          url: "/api/v1/studio/templates/starter-bold/draft",
          params: { templateId: "starter-bold" },
          token: h.staff.token,
          body: { revision: t.template.revision },
        },
        expect: { entity: "template", action: "discard_draft", ids: ["starter-bold"] },
      };
    },
  },
  "POST /api/v1/studio/templates/[templateId]/publish": {
    setup: async (h) => {
      const t = await h.template("starter-corporate", { edit: true });
      return {
        call: {
          method: "POST",
          url: "/api/v1/studio/templates/starter-corporate/publish",
          params: { templateId: "starter-corporate" },
          token: h.staff.token,
          body: { revision: t.template.revision },
        },
        expect: { entity: "template", action: "publish", ids: ["starter-corporate"] },
      };
    },
  },
  "POST /api/v1/studio/templates/[templateId]/stage": {
    setup: async (h) => {
      // Retired first, then the call brings it back live (its checks pass): the starter stays pickable.
      const t = await h.template("starter-playful");
      const retired = await ok(
        "retire",
        await call({
          method: "POST",
          url: "/api/v1/studio/templates/starter-playful/stage",
          params: { templateId: "starter-playful" },
          token: h.staff.token,
          body: { revision: t.template.revision, to: "retired" },
        }),
      );
      return {
        call: {
          method: "POST",
          url: "/api/v1/studio/templates/starter-playful/stage",
          params: { templateId: "starter-playful" },
          token: h.staff.token,
          body: { revision: retired.template.revision, to: "live" },
        },
        expect: { entity: "template", action: "stage", ids: ["starter-playful"] },
      };
    },
  },
  // ---- nothing the log follows changes
  "PUT /api/v1/assets/[id]/content": { notFollowed: "replaces an asset's file (assets, not content)" },
  "PATCH /api/v1/assets/[id]": { notFollowed: "renames an asset" },
  "DELETE /api/v1/assets/[id]": { notFollowed: "deletes an asset" },
  "POST /api/v1/assets": { notFollowed: "uploads an asset" },
  "POST /api/v1/batches": {
    notFollowed:
      "creates a batch; its videos are made by the batch worker through createVideo (logged as worker:batch)",
  },
  "POST /api/v1/batches/[id]/cancel": {
    notFollowed: "cancels the batch's renders through cancelRender (the row POST /api/v1/videos/[id]/cancel covers it)",
  },
  "POST /api/v1/batches/[id]/retry": { notFollowed: "re-queues batch items" },
  "POST /api/v1/batches/preview": { notFollowed: "reads a CSV, writes nothing" },
  "POST /api/v1/billing/checkout": { notFollowed: "billing" },
  "POST /api/v1/billing/grants": { notFollowed: "billing" },
  "POST /api/v1/billing/portal": { notFollowed: "billing" },
  "POST /api/v1/billing/webhook": { notFollowed: "billing (Stripe)" },
  "PUT /api/v1/brand-kit": {
    notFollowed: "the brand kit itself; applying it to a video is PUT /api/v1/videos/[id]/brand",
  },
  "POST /api/v1/images/[id]/like": { notFollowed: "likes are not changes to the content" },
  "DELETE /api/v1/images/[id]/like": { notFollowed: "likes are not changes to the content" },
  "POST /api/v1/links/extract": { notFollowed: "reads a page, writes nothing" },
  "PATCH /api/v1/products/[id]": { notFollowed: "products" },
  "DELETE /api/v1/products/[id]": { notFollowed: "products (what was made from one stays)" },
  "POST /api/v1/products": { notFollowed: "products" },
  "POST /api/v1/users/login": { notFollowed: "the user's profile" },
  "POST /api/v1/users/logout": { notFollowed: "the session" },
  // Issue 24: a person's credentials and integrations, not content (the log follows what keys and MCP tools change).
  "POST /api/v1/videos/[id]/translate": { loggedIn: "tests/api/translate-video-api.test.ts" },
  "POST /api/v1/videos/[id]/preview": {
    notFollowed:
      "a quick preview changes no content: its state and draft file sit beside the video's (settings.quick_preview), never its status or files",
  },
  "POST /api/v1/keys": { notFollowed: "API keys (a credential; its uses are logged as the key's owner)" },
  "DELETE /api/v1/keys/[id]": { notFollowed: "API keys (revoking a credential)" },
  "POST /api/v1/mcp": {
    notFollowed:
      "the MCP endpoint itself: each tool calls the same service as its /api/v1 route, which logs its change",
  },
  "POST /api/v1/webhooks": { notFollowed: "webhook endpoints (an integration's settings, not content)" },
  "PATCH /api/v1/webhooks/[id]": { notFollowed: "webhook endpoints" },
  "DELETE /api/v1/webhooks/[id]": { notFollowed: "webhook endpoints" },
  "POST /api/v1/webhooks/[id]/roll-secret": { notFollowed: "webhook endpoints (a new signing secret)" },
  "POST /api/v1/webhooks/[id]/test": { notFollowed: "webhook deliveries (a test event sent)" },
  "POST /api/v1/webhooks/[id]/deliveries/[deliveryId]/resend": { notFollowed: "webhook deliveries (a resend)" },
  "POST /api/v1/account/export": { notFollowed: "streams the person's data as a ZIP, writes nothing" },
  "POST /api/v1/account/sign-out-everywhere": {
    notFollowed: "the sessions (Firebase refresh tokens and the revoked-session list)",
  },
  "POST /api/v1/account/delete": {
    notFollowed:
      "deletes the account and all of its content; the update log keeps that changes happened, with the person pseudonymised (lib/creation/account/owned-data.ts)",
  },
  "PATCH /api/v1/vibes/[id]": { notFollowed: "vibes" },
  "DELETE /api/v1/vibes/[id]": { notFollowed: "vibes" },
  "POST /api/v1/vibes": { notFollowed: "vibes" },
  "POST /api/v1/workspace/download": { notFollowed: "streams a ZIP, writes nothing" },
  "POST /api/v1/studio/templates/[templateId]/fonts": {
    notFollowed:
      "stores an uploaded font file (by hash) and hands it back; the template changes when its draft is saved with it (PATCH …/draft)",
  },
  "POST /api/v1/studio/remotion-test/preview": { notFollowed: "computes Player props for a preview, writes nothing" },
  "POST /api/v1/studio/remotion-test/renders": {
    notFollowed: "queues a test render (its own record and job), not a template or layout",
  },
  "POST /api/v1/ops/pipelines/csv": { notFollowed: "reads a CSV upload into rows, stores nothing" },
  "POST /api/v1/ops/prompt-runs": {
    notFollowed: "queues a test run of a suite (a run and its job, not the prompt or the suite)",
  },
  "POST /api/v1/ops/function-calls/evals": {
    notFollowed: "queues a function-calling evaluation run (its run and job only)",
  },
  "POST /api/v1/ops/chat/chats/[chatId]/messages": {
    notFollowed:
      "the staff member's own chat and its messages; a tool that changes something followed logs through its own code (draft_layout: a layout create; generate_image: the images service)",
  },
  "PATCH /api/v1/ops/chat/chats/[chatId]": { notFollowed: "renames the staff member's own chat" },
  "DELETE /api/v1/ops/chat/chats/[chatId]": { notFollowed: "deletes the staff member's own chat and its messages" },
};

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return routeFiles(p);
    return name === "route.ts" ? [p] : [];
  });
}

async function logIds(): Promise<Set<string>> {
  const { updateLog } = await import("@/lib/platform/update-log/collections");
  return new Set(await db.collection(updateLog).listDocumentIds());
}

async function newEntries(before: Set<string>) {
  const { updateLog } = await import("@/lib/platform/update-log/collections");
  const ids = (await db.collection(updateLog).listDocumentIds()).filter((id) => !before.has(id));
  return Promise.all(ids.map(async (id) => (await db.collection(updateLog).doc(id).get())!.data));
}

beforeAll(async () => {
  [user, staff] = await Promise.all([newUser("enum"), newStaff("enum")]);
  const { getDb } = await import("@/lib/platform/db");
  const { getBlobStore } = await import("@/lib/platform/storage");
  db = getDb();
  store = getBlobStore();
  const { users } = await import("@/lib/platform/db/collections");
  const at = new Date().toISOString();
  await db
    .collection(users)
    .doc(user.uid)
    .create({
      user_id: user.uid,
      email: `${user.uid}@example.com`,
      name: "T",
      photo_url: null,
      provider: "password",
      is_staff: false,
      credits: 5000,
      plan: "team",
      created_at: at,
      last_login_at: at,
    });
  // Production runs are paid by the staff member who starts them.
  await db.collection(users).doc(staff.uid).create({
    user_id: staff.uid,
    email: staff.email,
    name: "S",
    photo_url: null,
    provider: "password",
    is_staff: true,
    credits: 5000,
    plan: "team",
    created_at: at,
    last_login_at: at,
  });
}, 30_000);

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("knows every mutating route: each is in the table, and the table names no route that is gone", async () => {
  const found: string[] = [];
  for (const file of routeFiles(API_ROOT)) {
    const route = `/api/v1/${path.relative(API_ROOT, path.dirname(file)).split(path.sep).join("/")}`;
    const mod = (await import(file)) as Record<string, Handler | undefined>;
    for (const m of METHODS) {
      const h = mod[m];
      if (typeof h !== "function") continue;
      // Unauthenticated: a real handler answers 401 (or its own check); a refused method 405.
      const res = await h(
        new NextRequest(new URL(route.replace(/\[([^\]]+)\]/g, "x"), "http://localhost:3000"), { method: m }),
        { params: Promise.resolve({}) },
      );
      if (res.status !== 405) found.push(`${m} ${route}`);
    }
  }
  expect(found.length).toBeGreaterThan(40);
  const missing = found.filter((k) => !(k in TABLE));
  expect(missing).toEqual([]);
  const stale = Object.keys(TABLE).filter((k) => !found.includes(k));
  expect(stale).toEqual([]);
}, 60_000);

const setupRows = Object.entries(TABLE).filter(
  (e): e is [string, Extract<Case, { setup: unknown }>] => "setup" in e[1],
);

it.each(setupRows)(
  "%s writes exactly one entry per changed item",
  async (key, row) => {
    const { call: c, expect: want } = await row.setup(harness());
    const before = await logIds();
    const res = await call(c);
    expect(res.status).toBeLessThan(300);
    const entries = await newEntries(before);
    const actor = c.token === staff.token ? staff.uid : user.uid;
    const also = want.also ?? [];
    expect(entries).toHaveLength((want.ids?.length ?? want.count ?? 1) + also.length);
    const source = `${c.method} ${c.url.split("?")[0]}`;
    for (const e of entries) {
      const other = also.find((a) => a.id === e.entity_id && a.entity === e.entity_type);
      expect(e).toMatchObject({
        entity_type: other?.entity ?? want.entity,
        action: other?.action ?? want.action,
        actor_kind: "user",
        actor_id: actor,
        source,
      });
      expect(e.changes.length).toBeGreaterThan(0);
    }
    const main = entries.filter((e) => !also.some((a) => a.id === e.entity_id && a.entity === e.entity_type));
    expect(entries.length - main.length).toBe(also.length);
    if (want.ids) expect(main.map((e) => e.entity_id).sort()).toEqual([...want.ids].sort());
    else expect(new Set(main.map((e) => e.entity_id)).size).toBe(main.length);
    void key;
  },
  30_000,
);

it("logs the image worker's ready and failed transitions as the system, and not its progress", async () => {
  const started = await json(
    await call({
      method: "POST",
      url: "/api/v1/images/generations",
      params: {},
      body: { prompt: "a boat", model_id: "local/preview", count: 1 },
    }),
  );
  expect(started.status).toBeLessThan(300);
  const { createImageWorker } = await import("@/lib/media/images/worker");
  const { imageRuntime } = await import("@/lib/media/images/runtime");
  const before = await logIds();
  const worker = createImageWorker(imageRuntime());
  // Earlier rows queued runs too: the worker makes them all, oldest first.
  while (await worker.processNext()) {
    /* next job */
  }
  const entries = await newEntries(before);
  expect(entries.filter((e) => e.entity_id === started.body.data.content_ids[0])).toHaveLength(1);
  expect(new Set(entries.map((e) => JSON.stringify([e.entity_type, e.action, e.actor_kind, e.source])))).toEqual(
    new Set([JSON.stringify(["content", "ready", "system", "worker:image"])]),
  );

  // A final failure: the unmade image is failed by the system.
  const again = await json(
    await call({
      method: "POST",
      url: "/api/v1/images/generations",
      params: {},
      body: { prompt: "a storm", model_id: "local/preview", count: 1 },
    }),
  );
  const { jobs } = await import("@/lib/platform/db/collections");
  const jobId = again.body.data.job_id;
  await db
    .collection(jobs)
    .doc(jobId)
    .update({
      state: "running",
      worker_id: "w1",
      attempts: 3,
      lease_expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
  const { settleFailedJob } = await import("@/lib/media/images/job-settle");
  const before2 = await logIds();
  await settleFailedJob({ db, jobId, holder: { workerId: "w1" }, now: new Date(), reason: "The provider refused." });
  expect((await newEntries(before2)).map((e) => [e.entity_id, e.action, e.actor_kind, e.source])).toEqual([
    [again.body.data.content_ids[0], "fail", "system", "worker:image"],
  ]);
}, 30_000);
