/**
 * Pages on the embedded store: the block schema refuses what a public page
 * must never show (script links, other users' content), edits are
 * revision-checked, and the public side answers only while published and only
 * for the media the page names.
 */
import { ApiError } from "@/lib/platform/api/errors";
import { content } from "@/lib/platform/db/collections";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";
import { seedAsset, seedImage, seedVideo } from "@/lib/creation/workspace/testing";
import { blockSchema, blocksSchema } from "./contract";
import { readPublicPage, signedPublicPageMedia } from "./public";
import { createPage, deletePage, editPage, getPage, publishPage, type PageDeps } from "./service";

let env: TestEnv;
let deps: PageDeps;

beforeAll(() => {
  env = openTestEnv();
  deps = { db: env.db, store: env.store };
});
afterAll(() => env.close());

async function apiError(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe("block schema", () => {
  it.each([
    "javascript:alert(1)",
    "data:text/html,hi",
    "/main",
    "mailto:a@b.c",
    "ftp://example.com/x",
    "https://",
    "not a url",
  ])("refuses the button link %s", (url) => {
    expect(blockSchema.safeParse({ id: "b1", type: "button", label: "Go", url }).success).toBe(false);
  });

  it("accepts http(s) links, fills a heading's level, and refuses unknown fields and duplicate ids", () => {
    expect(
      blockSchema.parse({ id: "b1", type: "button", label: "Buy", url: " https://shop.example/x?y=1 " }),
    ).toMatchObject({ url: "https://shop.example/x?y=1" });
    expect(blockSchema.parse({ id: "h", type: "heading", text: "Hi" })).toMatchObject({ level: 2 });
    expect(blockSchema.safeParse({ id: "h", type: "heading", text: "Hi", html: "<b>" }).success).toBe(false);
    expect(blockSchema.safeParse({ id: "g", type: "gallery", items: [] }).success).toBe(false);
    expect(blockSchema.safeParse({ id: "i", type: "image", media: { content_id: "a", asset_id: "b" } }).success).toBe(
      false,
    );
    const dup = [
      { id: "x", type: "text", text: "a" },
      { id: "x", type: "text", text: "b" },
    ];
    expect(blocksSchema.safeParse(dup).success).toBe(false);
  });
});

describe("pages service", () => {
  it("keeps other users' content off my page (422 naming the field) and writes nothing", async () => {
    const mine = await seedImage(env.db, env.store, "alice", "alice-img");
    const theirs = await seedImage(env.db, env.store, "bob", "bob-img");
    const bobVideo = await seedVideo(env.db, env.store, "bob", "bob-vid", { rendered: true });
    const before = await env.db.collection(content).where("kind", "==", "page").count();
    const e = await apiError(
      createPage(deps, "alice", {
        title: "Mine",
        blocks: [
          { id: "a", type: "image", media: { content_id: mine } },
          { id: "b", type: "gallery", items: [{ content_id: mine }, { content_id: theirs }] },
          { id: "c", type: "video", content_id: bobVideo },
          { id: "d", type: "video", content_id: mine },
        ],
      }),
    );
    expect(e.code).toBe("unprocessable_entity");
    expect(e.issues!.map((i) => i.path)).toEqual(["blocks.1.items.1", "blocks.2.content_id", "blocks.3.content_id"]);
    expect(await env.db.collection(content).where("kind", "==", "page").count()).toBe(before);
  });

  it("creates, edits with a revision check (409 when stale), publishes and deletes", async () => {
    const video = await seedVideo(env.db, env.store, "alice", "alice-vid", { rendered: true, title: "Launch film" });
    const asset = await seedAsset(env.db, env.store, "alice", "alice-asset");
    const page = await createPage(deps, "alice", {
      title: "Launch",
      blocks: [{ id: "v", type: "video", content_id: video }],
    });
    expect(page).toMatchObject({ kind: "page", revision: 0, published: false, public_path: `/pages/${page.id}` });
    expect(page.media[`content:${video}`]).toMatchObject({ kind: "video", title: "Launch film", missing: false });
    expect(page.media[`content:${video}`]!.video_url).toEqual(expect.any(String));

    const edited = await editPage(deps, "alice", page.id, {
      revision: 0,
      blocks: [
        { id: "h", type: "heading", text: "Our launch", level: 1 },
        { id: "t", type: "text", text: "We **ship** today. [Read more](https://example.com)" },
        { id: "v", type: "video", content_id: video },
        { id: "g", type: "gallery", items: [{ asset_id: asset }] },
        { id: "b", type: "button", label: "Buy", url: "https://shop.example" },
      ],
    });
    expect(edited.revision).toBe(1);
    const stale = await apiError(editPage(deps, "alice", page.id, { revision: 0, title: "Old" }));
    expect(stale.status).toBe(409);
    expect((await getPage(deps, "alice", page.id)).title).toBe("Launch");
    expect((await apiError(getPage(deps, "bob", page.id))).status).toBe(404);
    expect((await apiError(publishPage(deps, "bob", page.id, { published: true }))).status).toBe(404);

    // Unpublished: nothing public.
    expect(await readPublicPage(env.db, page.id)).toBeNull();
    expect(
      await signedPublicPageMedia({
        db: env.db,
        store: env.store,
        pageId: page.id,
        blockId: "v",
        n: null,
        variant: null,
      }),
    ).toBeNull();

    await publishPage(deps, "alice", page.id, { published: true });
    const pub = (await readPublicPage(env.db, page.id))!;
    expect(pub.description).toBe("We ship today. Read more");
    expect(pub.blocks.map((b) => b.type)).toEqual(["heading", "text", "video", "gallery", "button"]);
    expect(pub.image).toBe(`/api/v1/public/pages/${page.id}/media/v?v=poster`);
    const media = (blockId: string, n: string | null, variant: string | null = null) =>
      signedPublicPageMedia({ db: env.db, store: env.store, pageId: page.id, blockId, n, variant });
    expect(await media("v", null)).toContain("videos/alice/alice-vid/video-r0.mp4");
    expect(await media("v", null, "poster")).toContain("poster-r0.png");
    expect(await media("g", "0")).toContain("assets/alice/alice-asset.png");
    // Only what the page names: no such block, no such item, a heading, a bad variant.
    expect(await media("nope", null)).toBeNull();
    expect(await media("g", "1")).toBeNull();
    expect(await media("h", null)).toBeNull();
    expect(await media("v", null, "original")).toBeNull();

    await publishPage(deps, "alice", page.id, { published: false });
    expect(await readPublicPage(env.db, page.id)).toBeNull();
    expect(await media("v", null)).toBeNull();

    await deletePage(deps, "alice", page.id);
    expect((await apiError(getPage(deps, "alice", page.id))).status).toBe(404);
  });

  it("refuses to publish an empty page", async () => {
    const page = await createPage(deps, "alice", {});
    expect(page.title).toBe("Untitled page");
    expect((await apiError(publishPage(deps, "alice", page.id, { published: true }))).status).toBe(409);
  });
});
