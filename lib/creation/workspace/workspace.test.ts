/**
 * The workspace listing and its bulk actions on the embedded store: filters,
 * search over title and text, the four sorts, cursor paging that never
 * repeats or skips, job progress, and what bulk delete and download report.
 */
import { unzipSync } from "fflate";
import { content } from "@/lib/platform/db/collections";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { createPage, publishPage } from "@/lib/creation/pages/service";
import { products } from "@/lib/creation/products/collections";
import { deleteItems, downloadItems, planDownload } from "./bulk";
import { workspaceQuerySchema, type WorkspaceItem } from "./contract";
import { listWorkspace, type WorkspaceDeps } from "./list";
import { seedDesign, seedImage, seedProduct, seedVideo } from "./testing";

let env: TestEnv;
let deps: WorkspaceDeps;
const U = "wsuser";

const list = async (params: Record<string, string> = {}) => listWorkspace(deps, U, workspaceQuerySchema.parse(params));
const ids = (items: WorkspaceItem[]) => items.map((i) => i.id);

beforeAll(async () => {
  env = openTestEnv();
  deps = { db: env.db, store: env.store };
  await seedImage(env.db, env.store, U, "img-cafe", { title: "Morning light", prompt: "A Café in Lisbon at dawn" });
  await seedVideo(env.db, env.store, U, "vid-ready", {
    title: "Bean There launch",
    brief: "Coffee roasted daily",
    rendered: true,
  });
  // Composition slot text is searchable (the slot says what no title does).
  await seedVideo(env.db, env.store, U, "vid-draft", {
    title: "Zebra promo",
    brief: "Stripes",
    slotText: "Savanna sunsets",
  });
  await seedVideo(env.db, env.store, U, "vid-run", {
    title: "apple harvest",
    brief: "Orchard",
    renderingJob: { progress: 0.42 },
  });
  await seedDesign(env.db, env.store, U, "des-1", { title: "Poster", updated_at: "2027-01-01T00:00:00.000Z" });
  await seedProduct(env.db, U, "prod-1", { name: "Espresso machine", description: "Brews crema in 25 seconds" });
  await seedImage(env.db, env.store, "someone-else", "other-img", { title: "Morning light", prompt: "Café" });
});
afterAll(() => env.close());

describe("listing", () => {
  it("lists everything I made, newest first, with status, progress from the job, stills and links", async () => {
    const page = await list();
    expect(ids(page.items)).toEqual(["prod-1", "des-1", "vid-run", "vid-draft", "vid-ready", "img-cafe"]);
    const byId = Object.fromEntries(page.items.map((i) => [i.id, i]));
    expect(byId["vid-run"]).toMatchObject({ status: "running", progress: 0.42, edit_href: "/content/vid-run/edit" });
    expect(byId["vid-ready"]).toMatchObject({
      status: "ready",
      progress: null,
      downloadable: true,
      href: "/videos/vid-ready",
    });
    expect(byId["vid-ready"]!.poster_url).toContain("poster-r0.png");
    expect(byId["vid-draft"]).toMatchObject({ status: "draft", downloadable: false, poster_url: null });
    expect(byId["img-cafe"]).toMatchObject({
      kind: "image",
      excerpt: "A Café in Lisbon at dawn",
      href: "/image-gen/img-cafe",
    });
    expect(byId["prod-1"]).toMatchObject({ kind: "product", status: "ready", downloadable: false });
  });

  it("filters by kind and status", async () => {
    expect(ids((await list({ kind: "video" })).items)).toEqual(["vid-run", "vid-draft", "vid-ready"]);
    expect(ids((await list({ kind: "image,product" })).items)).toEqual(["prod-1", "img-cafe"]);
    expect(ids((await list({ status: "draft,running" })).items)).toEqual(["vid-run", "vid-draft"]);
    expect(ids((await list({ kind: "video", status: "ready" })).items)).toEqual(["vid-ready"]);
    expect(workspaceQuerySchema.safeParse({ kind: "video,song" }).success).toBe(false);
  });

  it("searches title and text, every word, ignoring case and accents", async () => {
    expect(ids((await list({ q: "cafe lisbon" })).items)).toEqual(["img-cafe"]); // the prompt, accent-free
    expect(ids((await list({ q: "ROASTED" })).items)).toEqual(["vid-ready"]); // the brief
    expect(ids((await list({ q: "savanna" })).items)).toEqual(["vid-draft"]); // composition slot text
    expect(ids((await list({ q: "crema" })).items)).toEqual(["prod-1"]); // product description
    expect(ids((await list({ q: "cafe harvest" })).items)).toEqual([]); // words must all match one item
  });

  it("sorts by oldest, recently edited and title", async () => {
    expect(ids((await list({ sort: "oldest" })).items)).toEqual([
      "img-cafe",
      "vid-ready",
      "vid-draft",
      "vid-run",
      "des-1",
      "prod-1",
    ]);
    expect(ids((await list({ sort: "edited" })).items)[0]).toBe("des-1");
    expect((await list({ sort: "title" })).items.map((i) => i.title)).toEqual([
      "apple harvest",
      "Bean There launch",
      "Espresso machine",
      "Morning light",
      "Poster",
      "Zebra promo",
    ]);
  });

  it("pages with a cursor without repeats or gaps, also when new items arrive in between", async () => {
    for (const sort of ["newest", "oldest", "edited", "title"]) {
      const all = ids((await list({ sort })).items);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list({ sort, limit: "4", ...(cursor ? { cursor } : {}) });
        seen.push(...ids(page.items));
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(all);
    }
    const first = await list({ limit: "2" });
    await seedImage(env.db, env.store, U, "img-new", { title: "Brand new" });
    const second = await list({ limit: "2", cursor: first.next_cursor! });
    expect(ids(second.items)).toEqual(["vid-run", "vid-draft"]);
    await expect(list({ cursor: first.next_cursor!, sort: "title" })).rejects.toMatchObject({
      code: "unprocessable_entity",
    });
    await env.db.collection(content).doc("img-new").delete();
  });

  it("reads at most the scan limit and says when it stopped early", async () => {
    const small = await listWorkspace({ ...deps, scanLimit: 3 }, U, workspaceQuerySchema.parse({}));
    expect(small.scan).toEqual({ limit: 3, truncated: true });
    expect((await list()).scan.truncated).toBe(false);
  });
});

describe("bulk actions", () => {
  it("downloads rendered files as a ZIP and accounts for what had none", async () => {
    const page = await createPage(deps, U, { title: "A page" });
    const items = [
      { kind: "video" as const, id: "vid-ready" },
      { kind: "video" as const, id: "vid-draft" },
      { kind: "image" as const, id: "img-cafe" },
      { kind: "design" as const, id: "des-1" },
      { kind: "page" as const, id: page.id },
      { kind: "product" as const, id: "prod-1" },
      { kind: "image" as const, id: "other-img" },
    ];
    const plan = await planDownload(deps, U, items);
    expect(plan.files.map((f) => f.name)).toEqual([
      "Bean-There-launch-vid-ready.mp4",
      "Morning-light-img-cafe.png",
      "Poster-des-1.png",
    ]);
    expect(plan.skipped.map((s) => `${s.id}: ${s.reason}`)).toEqual([
      "vid-draft: Not rendered yet.",
      `${page.id}: A page has no file; share its link instead.`,
      "prod-1: A product has no file to download.",
      "other-img: Not found among your things (already deleted?).",
    ]);
    const { stream } = await downloadItems(deps, U, items);
    const zip = unzipSync(new Uint8Array(await new Response(stream).arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual([
      "Bean-There-launch-vid-ready.mp4",
      "Morning-light-img-cafe.png",
      "Poster-des-1.png",
    ]);
    expect(Buffer.from(zip["Bean-There-launch-vid-ready.mp4"]!).subarray(4, 8).toString()).toBe("ftyp");
    await expect(
      downloadItems(deps, U, [
        { kind: "page", id: page.id },
        { kind: "video", id: "vid-draft" },
      ]),
    ).rejects.toMatchObject({ code: "unprocessable_entity" });
  });

  it("deletes each item through its own domain and skips what is not mine", async () => {
    const page = await createPage(deps, U, { title: "Doomed", blocks: [{ id: "t", type: "text", text: "bye" }] });
    await publishPage(deps, U, page.id, { published: true });
    const result = await deleteItems(deps, U, [
      { kind: "video", id: "vid-ready" },
      { kind: "image", id: "img-cafe" },
      { kind: "design", id: "des-1" },
      { kind: "page", id: page.id },
      { kind: "product", id: "prod-1" },
      { kind: "image", id: "other-img" },
      { kind: "video", id: "img-cafe" },
      { kind: "video", id: "vid-ready" },
    ]);
    expect(result.deleted.map((d) => d.id)).toEqual(["vid-ready", "img-cafe", "des-1", page.id, "prod-1"]);
    expect(result.skipped.map((s) => s.id)).toEqual(["other-img", "img-cafe"]);
    expect(ids((await list({ kind: "video,image,design,product" })).items).sort()).toEqual(["vid-draft", "vid-run"]);
    expect(ids((await list({ kind: "page" })).items)).not.toContain(page.id);
    expect(await env.store.list(`videos/${U}/vid-ready/`)).toEqual([]);
    expect(await env.store.list(`designs/${U}/des-1/`)).toEqual([]);
    expect(await env.db.collection(content).doc("other-img").get()).not.toBeNull();
    expect(await env.db.collection(products).doc("prod-1").get()).toBeNull();
  });
});
