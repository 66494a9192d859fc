/**
 * Every mutating route writes the update log: this test finds every route
 * file under app/api/v1 whose POST/PUT/PATCH/DELETE is a real handler (it
 * answers something other than 405), and fails when one is missing from the
 * table below. Each route that changes content (or, through the data
 * dashboard, a document) is then called for real, with emulator tokens, and
 * must add exactly one entry per changed item — with the right entity,
 * action, actor and source — and nothing else. Routes that change no
 * content say why. The workers' ready/failed transitions are the system's.
 *
 * Other areas (ops/** and studio/**, apart from the data dashboard) keep
 * their own tables: add a row here when a route of theirs changes content.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { json, newUser, req, type TestUser } from "./image-library.support";
import { newStaff } from "./ops.support";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-update-log-enum-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

const API_ROOT = path.join(process.cwd(), "app/api/v1");
const METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
/** Areas whose engineers keep their own enumeration (see the header). */
const OTHER_AREAS = [/^\/api\/v1\/studio\//, /^\/api\/v1\/ops\/(?!data(\/|$))/];

type Handler = (r: NextRequest, c: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface Call {
  method: Method;
  url: string;
  params: Record<string, string>;
  body?: unknown;
  token?: string;
}
interface Expect {
  entity: "content" | "document";
  action: string;
  /** The entity ids that must each get exactly one entry (default: whatever one entry names). */
  ids?: string[];
  count?: number;
}
type Case = { setup: (h: Harness) => Promise<{ call: Call; expect: Expect }> } | { notContent: string };

let user: TestUser;
let staff: TestUser & { email: string };
let db: import("@/lib/db/db").Db;
let store: import("@/lib/storage/types").BlobStore;
let seq = 0;

interface Harness {
  user: TestUser;
  staff: TestUser;
  video(opts?: { rendered?: boolean }): Promise<{ id: string; revision: number; composition: { scenes: { id: string; layout_id: string }[] } }>;
  design(): Promise<{ id: string; revision: number; composition: { scenes: { id: string }[] } }>;
  page(): Promise<{ id: string; revision: number }>;
  image(): Promise<string>;
  vibe(): Promise<string>;
}

async function call(c: Call): Promise<Response> {
  const rel = c.url.replace(/^\/api\/v1\//, "").split("?")[0]!;
  const pattern = routePatternOf(rel, c.params);
  const mod = (await import(path.join(API_ROOT, pattern, "route.ts"))) as Record<string, Handler>;
  return mod[c.method]!(req(c.url, { method: c.method, token: c.token ?? user.token, json: c.body }), { params: Promise.resolve(c.params) });
}

/** `videos/abc/render` with { id: "abc" } → `videos/[id]/render`. */
function routePatternOf(rel: string, params: Record<string, string>): string {
  const byValue = new Map(Object.entries(params).map(([k, v]) => [v, k]));
  return rel.split("/").map((seg) => (byValue.has(seg) ? `[${byValue.get(seg)}]` : seg)).join("/");
}

const harness = (): Harness => ({
  user,
  staff,
  async video(opts = {}) {
    if (opts.rendered) {
      const { seedVideo } = await import("@/lib/workspace/testing");
      const id = `vid${++seq}`;
      await seedVideo(db, store, user.uid, id, { rendered: true });
      return { id, revision: 0, composition: { scenes: [] } };
    }
    const res = await json(await call({ method: "POST", url: "/api/v1/videos", params: {}, body: { brief: "Bean There roasts coffee in Lisbon every morning.", aspect_ratio: "9:16", length_s: 15, template_id: null, voice_id: null, captions: false, music: false, model_id: "local/preview" } }));
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
    const { seedImage } = await import("@/lib/workspace/testing");
    return seedImage(db, store, user.uid, `img${++seq}`);
  },
  async vibe() {
    const { vibes } = await import("@/lib/db/collections");
    const id = `vibe${++seq}`;
    const at = new Date().toISOString();
    await db.collection(vibes).doc(id).create({ owner_id: null, name: "Calm", prompt_additions: "soft", visibility: "public", created_at: at, updated_at: at });
    return id;
  },
});

const content = (action: string, extra: Partial<Expect> = {}): Expect => ({ entity: "content", action, ...extra });

const TABLE: Record<string, Case> = {
  // ---- content
  "POST /api/v1/images/generations": { setup: async () => ({ call: { method: "POST", url: "/api/v1/images/generations", params: {}, body: { prompt: "a lighthouse", model_id: "local/preview", count: 2 } }, expect: content("create", { count: 2 }) }) },
  "POST /api/v1/images/[id]/share": { setup: async (h) => { const id = await h.image(); return { call: { method: "POST", url: `/api/v1/images/${id}/share`, params: { id } }, expect: content("share", { ids: [id] }) }; } },
  "DELETE /api/v1/images/[id]/share": { setup: async (h) => { const id = await h.image(); await call({ method: "POST", url: `/api/v1/images/${id}/share`, params: { id } }); return { call: { method: "DELETE", url: `/api/v1/images/${id}/share`, params: { id } }, expect: content("unshare", { ids: [id] }) }; } },
  "DELETE /api/v1/images/[id]": { setup: async (h) => { const id = await h.image(); return { call: { method: "DELETE", url: `/api/v1/images/${id}`, params: { id } }, expect: content("delete", { ids: [id] }) }; } },
  "POST /api/v1/images/bulk-delete": { setup: async (h) => { const ids = [await h.image(), await h.image()]; return { call: { method: "POST", url: "/api/v1/images/bulk-delete", params: {}, body: { ids } }, expect: content("delete", { ids }) }; } },
  "POST /api/v1/designs": { setup: async () => ({ call: { method: "POST", url: "/api/v1/designs", params: {}, body: {} }, expect: content("create") }) },
  "PATCH /api/v1/designs/[id]": { setup: async (h) => { const d = await h.design(); return { call: { method: "PATCH", url: `/api/v1/designs/${d.id}`, params: { id: d.id }, body: { revision: d.revision, title: "Renamed design" } }, expect: content("update", { ids: [d.id] }) }; } },
  "DELETE /api/v1/designs/[id]": { setup: async (h) => { const d = await h.design(); return { call: { method: "DELETE", url: `/api/v1/designs/${d.id}`, params: { id: d.id } }, expect: content("delete", { ids: [d.id] }) }; } },
  "POST /api/v1/designs/[id]/duplicate": { setup: async (h) => { const d = await h.design(); return { call: { method: "POST", url: `/api/v1/designs/${d.id}/duplicate`, params: { id: d.id } }, expect: content("create") }; } },
  "POST /api/v1/designs/[id]/resize": { setup: async (h) => { const d = await h.design(); return { call: { method: "POST", url: `/api/v1/designs/${d.id}/resize`, params: { id: d.id }, body: { aspect_ratios: ["16:9", "9:16"] } }, expect: content("create", { count: 2 }) }; } },
  "POST /api/v1/designs/[id]/export": { setup: async (h) => { const d = await h.design(); return { call: { method: "POST", url: `/api/v1/designs/${d.id}/export`, params: { id: d.id }, body: { format: "png" } }, expect: content("export", { ids: [d.id] }) }; } },
  "PUT /api/v1/designs/[id]/share": {
    setup: async (h) => {
      const d = await h.design();
      const { content: contentColl } = await import("@/lib/db/collections");
      const snap = await db.collection(contentColl).doc(d.id).get();
      const files = { format: "png", quality: null, revision: 0, pages: [{ key: `designs/${user.uid}/${d.id}/p1.png`, width: 64, height: 64, size_bytes: 10 }], thumbnail_key: `designs/${user.uid}/${d.id}/t.webp`, rendered_at: new Date().toISOString() };
      await db.collection(contentColl).doc(d.id).update({ status: "ready", settings: { ...snap!.data.settings, files } });
      return { call: { method: "PUT", url: `/api/v1/designs/${d.id}/share`, params: { id: d.id }, body: { public: true } }, expect: content("share", { ids: [d.id] }) };
    },
  },
  "POST /api/v1/designs/[id]/scenes/[sceneId]/image": {
    setup: async (h) => {
      const [d, img] = [await h.design(), await h.image()];
      const sceneId = d.composition.scenes[0]!.id;
      return { call: { method: "POST", url: `/api/v1/designs/${d.id}/scenes/${sceneId}/image`, params: { id: d.id, sceneId }, body: { source: "content", id: img, revision: d.revision } }, expect: content("update", { ids: [d.id] }) };
    },
  },
  "POST /api/v1/pages": { setup: async () => ({ call: { method: "POST", url: "/api/v1/pages", params: {}, body: { title: "Hello" } }, expect: content("create") }) },
  "PATCH /api/v1/pages/[id]": { setup: async (h) => { const p = await h.page(); return { call: { method: "PATCH", url: `/api/v1/pages/${p.id}`, params: { id: p.id }, body: { revision: p.revision, title: "Renamed page" } }, expect: content("update", { ids: [p.id] }) }; } },
  "DELETE /api/v1/pages/[id]": { setup: async (h) => { const p = await h.page(); return { call: { method: "DELETE", url: `/api/v1/pages/${p.id}`, params: { id: p.id } }, expect: content("delete", { ids: [p.id] }) }; } },
  "PUT /api/v1/pages/[id]/publish": {
    setup: async (h) => {
      const p = await h.page();
      // A page publishes with at least one block: a text block.
      const edited = await json(await call({ method: "PATCH", url: `/api/v1/pages/${p.id}`, params: { id: p.id }, body: { revision: p.revision, blocks: [{ id: "b1", type: "text", text: "Hello" }] } }));
      if (edited.status !== 200) throw new Error(`page block setup: ${JSON.stringify(edited.body)}`);
      return { call: { method: "PUT", url: `/api/v1/pages/${p.id}/publish`, params: { id: p.id }, body: { published: true } }, expect: content("publish", { ids: [p.id] }) };
    },
  },
  "POST /api/v1/videos": { setup: async () => ({ call: { method: "POST", url: "/api/v1/videos", params: {}, body: { brief: "A bakery in Porto opens at dawn.", aspect_ratio: "1:1", length_s: 15, template_id: null, voice_id: null, captions: false, music: false, model_id: "local/preview" } }, expect: content("create") }) },
  "PATCH /api/v1/videos/[id]": { setup: async (h) => { const v = await h.video(); return { call: { method: "PATCH", url: `/api/v1/videos/${v.id}`, params: { id: v.id }, body: { revision: v.revision, title: "Renamed video" } }, expect: content("update", { ids: [v.id] }) }; } },
  "DELETE /api/v1/videos/[id]": { setup: async (h) => { const v = await h.video(); return { call: { method: "DELETE", url: `/api/v1/videos/${v.id}`, params: { id: v.id } }, expect: content("delete", { ids: [v.id] }) }; } },
  "POST /api/v1/videos/[id]/duplicate": { setup: async (h) => { const v = await h.video(); return { call: { method: "POST", url: `/api/v1/videos/${v.id}/duplicate`, params: { id: v.id } }, expect: content("create") }; } },
  "POST /api/v1/videos/[id]/render": { setup: async (h) => { const v = await h.video(); return { call: { method: "POST", url: `/api/v1/videos/${v.id}/render`, params: { id: v.id } }, expect: content("render", { ids: [v.id] }) }; } },
  "POST /api/v1/videos/[id]/cancel": {
    setup: async (h) => {
      const v = await h.video();
      const r = await call({ method: "POST", url: `/api/v1/videos/${v.id}/render`, params: { id: v.id } });
      if (r.status >= 300) throw new Error(`render setup: ${r.status} ${await r.text()}`);
      return { call: { method: "POST", url: `/api/v1/videos/${v.id}/cancel`, params: { id: v.id } }, expect: content("cancel", { ids: [v.id] }) };
    },
  },
  "PUT /api/v1/videos/[id]/share": { setup: async (h) => { const v = await h.video({ rendered: true }); return { call: { method: "PUT", url: `/api/v1/videos/${v.id}/share`, params: { id: v.id }, body: { public: true } }, expect: content("share", { ids: [v.id] }) }; } },
  "POST /api/v1/videos/[id]/revisions/[revision]/restore": {
    setup: async (h) => {
      const v = await h.video();
      const e = await call({ method: "PATCH", url: `/api/v1/videos/${v.id}`, params: { id: v.id }, body: { revision: v.revision, title: "Second title" } });
      if (e.status !== 200) throw new Error(`edit setup: ${e.status}`);
      return { call: { method: "POST", url: `/api/v1/videos/${v.id}/revisions/0/restore`, params: { id: v.id, revision: "0" } }, expect: content("update", { ids: [v.id] }) };
    },
  },
  "POST /api/v1/videos/[id]/scenes/[sceneId]/image": {
    setup: async (h) => {
      const [v, img] = [await h.video(), await h.image()];
      // A scene whose layout has a picture slot.
      const { getTemplateVersion } = await import("@/lib/composition/library");
      const comp = v.composition as unknown as { template: { id: string; version: number }; scenes: { id: string; layout_id: string }[] };
      const version = await getTemplateVersion(db, comp.template.id, comp.template.version);
      const sceneId = comp.scenes.find((s) => version?.layouts.find((l) => l.id === s.layout_id)?.slots.some((x) => x.kind === "image"))!.id;
      return { call: { method: "POST", url: `/api/v1/videos/${v.id}/scenes/${sceneId}/image`, params: { id: v.id, sceneId }, body: { source: "content", id: img, revision: v.revision } }, expect: content("update", { ids: [v.id] }) };
    },
  },
  "PUT /api/v1/videos/[id]/brand": { setup: async (h) => { const v = await h.video(); return { call: { method: "PUT", url: `/api/v1/videos/${v.id}/brand`, params: { id: v.id }, body: { apply: true, revision: v.revision } }, expect: content("apply_brand", { ids: [v.id] }) }; } },
  "POST /api/v1/links/video": {
    setup: async () => ({
      call: { method: "POST", url: "/api/v1/links/video", params: {}, body: { facts: { name: "Rope", description: "Sturdy hemp rope for boats." }, video: { aspect_ratio: "1:1", length_s: 15, template_id: null, voice_id: null, captions: false, music: false, model_id: "local/preview" } } },
      expect: content("create"),
    }),
  },
  "POST /api/v1/workspace/delete": {
    setup: async (h) => {
      const [img, p] = [await h.image(), await h.page()];
      return { call: { method: "POST", url: "/api/v1/workspace/delete", params: {}, body: { items: [{ kind: "image", id: img }, { kind: "page", id: p.id }] } }, expect: content("delete", { ids: [img, p.id] }) };
    },
  },
  // ---- dashboard documents
  "POST /api/v1/ops/data/[collection]": {
    setup: async (h) => ({
      call: { method: "POST", url: "/api/v1/ops/data/vibes", params: { collection: "vibes" }, token: h.staff.token, body: { id: `nv${++seq}`, data: { owner_id: null, name: "New", prompt_additions: "x", visibility: "private", created_at: new Date().toISOString(), updated_at: new Date().toISOString() } } },
      expect: { entity: "document", action: "create" },
    }),
  },
  "PUT /api/v1/ops/data/[collection]/[documentId]": {
    setup: async (h) => {
      const id = await h.vibe();
      const open = await json(await call({ method: "GET" as Method, url: `/api/v1/ops/data/vibes/${id}`, params: { collection: "vibes", documentId: id }, token: h.staff.token }));
      return { call: { method: "PUT", url: `/api/v1/ops/data/vibes/${id}`, params: { collection: "vibes", documentId: id }, token: h.staff.token, body: { version: open.body.data.version, data: { ...open.body.data.data, name: "Changed" } } }, expect: { entity: "document", action: "update", ids: [`vibes/${id}`] } };
    },
  },
  "DELETE /api/v1/ops/data/[collection]/[documentId]": {
    setup: async (h) => {
      const id = await h.vibe();
      const open = await json(await call({ method: "GET" as Method, url: `/api/v1/ops/data/vibes/${id}`, params: { collection: "vibes", documentId: id }, token: h.staff.token }));
      return { call: { method: "DELETE", url: `/api/v1/ops/data/vibes/${id}?version=${open.body.data.version}`, params: { collection: "vibes", documentId: id }, token: h.staff.token }, expect: { entity: "document", action: "delete", ids: [`vibes/${id}`] } };
    },
  },
  // ---- no content changed
  "PUT /api/v1/assets/[id]/content": { notContent: "replaces an asset's file (assets, not content)" },
  "PATCH /api/v1/assets/[id]": { notContent: "renames an asset" },
  "DELETE /api/v1/assets/[id]": { notContent: "deletes an asset" },
  "POST /api/v1/assets": { notContent: "uploads an asset" },
  "POST /api/v1/batches": { notContent: "creates a batch; its videos are made by the batch worker through createVideo (logged as worker:batch)" },
  "POST /api/v1/batches/[id]/cancel": { notContent: "cancels the batch's renders through cancelRender (the row POST /api/v1/videos/[id]/cancel covers it)" },
  "POST /api/v1/batches/[id]/retry": { notContent: "re-queues batch items" },
  "POST /api/v1/batches/preview": { notContent: "reads a CSV, writes nothing" },
  "POST /api/v1/billing/checkout": { notContent: "billing" },
  "POST /api/v1/billing/grants": { notContent: "billing" },
  "POST /api/v1/billing/portal": { notContent: "billing" },
  "POST /api/v1/billing/webhook": { notContent: "billing (Stripe)" },
  "PUT /api/v1/brand-kit": { notContent: "the brand kit itself; applying it to a video is PUT /api/v1/videos/[id]/brand" },
  "POST /api/v1/images/[id]/like": { notContent: "likes are not changes to the content" },
  "DELETE /api/v1/images/[id]/like": { notContent: "likes are not changes to the content" },
  "POST /api/v1/links/extract": { notContent: "reads a page, writes nothing" },
  "PATCH /api/v1/products/[id]": { notContent: "products" },
  "DELETE /api/v1/products/[id]": { notContent: "products (what was made from one stays)" },
  "POST /api/v1/products": { notContent: "products" },
  "POST /api/v1/users/login": { notContent: "the user's profile" },
  "POST /api/v1/users/logout": { notContent: "the session" },
  "PATCH /api/v1/vibes/[id]": { notContent: "vibes" },
  "DELETE /api/v1/vibes/[id]": { notContent: "vibes" },
  "POST /api/v1/vibes": { notContent: "vibes" },
  "POST /api/v1/workspace/download": { notContent: "streams a ZIP, writes nothing" },
};

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return routeFiles(p);
    return name === "route.ts" ? [p] : [];
  });
}

async function logIds(): Promise<Set<string>> {
  const { updateLog } = await import("@/lib/update-log/collections");
  return new Set(await db.collection(updateLog).listDocumentIds());
}

async function newEntries(before: Set<string>) {
  const { updateLog } = await import("@/lib/update-log/collections");
  const ids = (await db.collection(updateLog).listDocumentIds()).filter((id) => !before.has(id));
  return Promise.all(ids.map(async (id) => (await db.collection(updateLog).doc(id).get())!.data));
}

beforeAll(async () => {
  [user, staff] = await Promise.all([newUser("enum"), newStaff("enum")]);
  const { getDb } = await import("@/lib/db");
  const { getBlobStore } = await import("@/lib/storage");
  db = getDb();
  store = getBlobStore();
  const { users } = await import("@/lib/db/collections");
  const at = new Date().toISOString();
  await db.collection(users).doc(user.uid).create({ user_id: user.uid, email: `${user.uid}@example.com`, name: "T", photo_url: null, provider: "password", is_staff: false, credits: 5000, plan: "team", created_at: at, last_login_at: at });
}, 30_000);

afterAll(async () => {
  const { closeDb } = await import("@/lib/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("knows every mutating route: each is in the table, and the table names no route that is gone", async () => {
  const found: string[] = [];
  for (const file of routeFiles(API_ROOT)) {
    const route = `/api/v1/${path.relative(API_ROOT, path.dirname(file)).split(path.sep).join("/")}`;
    if (OTHER_AREAS.some((re) => re.test(route))) continue;
    const mod = (await import(file)) as Record<string, Handler | undefined>;
    for (const m of METHODS) {
      const h = mod[m];
      if (typeof h !== "function") continue;
      // Unauthenticated: a real handler answers 401 (or its own check); a refused method 405.
      const res = await h(new NextRequest(new URL(route.replace(/\[([^\]]+)\]/g, "x"), "http://localhost:3000"), { method: m }), { params: Promise.resolve({}) });
      if (res.status !== 405) found.push(`${m} ${route}`);
    }
  }
  expect(found.length).toBeGreaterThan(40);
  const missing = found.filter((k) => !(k in TABLE));
  expect(missing).toEqual([]);
  const stale = Object.keys(TABLE).filter((k) => !found.includes(k));
  expect(stale).toEqual([]);
}, 60_000);

const contentRows = Object.entries(TABLE).filter((e): e is [string, Extract<Case, { setup: unknown }>] => "setup" in e[1]);

it.each(contentRows)("%s writes exactly one entry per changed item", async (key, row) => {
  const { call: c, expect: want } = await row.setup(harness());
  const before = await logIds();
  const res = await call(c);
  expect(res.status).toBeLessThan(300);
  const entries = await newEntries(before);
  const actor = c.token === staff.token ? staff.uid : user.uid;
  expect(entries).toHaveLength(want.ids?.length ?? want.count ?? 1);
  for (const e of entries) {
    expect(e).toMatchObject({ entity_type: want.entity, action: want.action, actor_kind: "user", actor_id: actor, source: `${c.method} ${c.url.split("?")[0]}` });
    expect(e.changes.length).toBeGreaterThan(0);
  }
  if (want.ids) expect(entries.map((e) => e.entity_id).sort()).toEqual([...want.ids].sort());
  else expect(new Set(entries.map((e) => e.entity_id)).size).toBe(entries.length);
  void key;
}, 30_000);

it("logs the image worker's ready and failed transitions as the system, and not its progress", async () => {
  const started = await json(await call({ method: "POST", url: "/api/v1/images/generations", params: {}, body: { prompt: "a boat", model_id: "local/preview", count: 1 } }));
  expect(started.status).toBeLessThan(300);
  const { createImageWorker } = await import("@/lib/images/worker");
  const { imageRuntime } = await import("@/lib/images/runtime");
  const before = await logIds();
  const worker = createImageWorker(imageRuntime());
  // Earlier rows queued runs too: the worker makes them all, oldest first.
  while (await worker.processNext()) {
    /* next job */
  }
  const entries = await newEntries(before);
  expect(entries.filter((e) => e.entity_id === started.body.data.content_ids[0])).toHaveLength(1);
  expect(new Set(entries.map((e) => JSON.stringify([e.entity_type, e.action, e.actor_kind, e.source])))).toEqual(new Set([JSON.stringify(["content", "ready", "system", "worker:image"])]));

  // A final failure: the unmade image is failed by the system.
  const again = await json(await call({ method: "POST", url: "/api/v1/images/generations", params: {}, body: { prompt: "a storm", model_id: "local/preview", count: 1 } }));
  const { jobs } = await import("@/lib/db/collections");
  const jobId = again.body.data.job_id;
  await db.collection(jobs).doc(jobId).update({ state: "running", worker_id: "w1", attempts: 3, lease_expires_at: new Date(Date.now() + 60_000).toISOString() });
  const { settleFailedJob } = await import("@/lib/images/job-settle");
  const before2 = await logIds();
  await settleFailedJob({ db, jobId, holder: { workerId: "w1" }, now: new Date(), reason: "The provider refused." });
  expect((await newEntries(before2)).map((e) => [e.entity_id, e.action, e.actor_kind, e.source])).toEqual([[again.body.data.content_ids[0], "fail", "system", "worker:image"]]);
}, 30_000);
