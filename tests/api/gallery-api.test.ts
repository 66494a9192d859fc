/**
 * The public gallery through its real routes, with real emulator tokens: the
 * owner's choice is off by default and separate from the public link; the
 * public list holds only opted-in, public, finished items, newest first;
 * another person cannot read or change my choice; a visitor's report is
 * stored and limited per IP; staff hide an item and it leaves the list.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, noParams, req, withId, type TestUser } from "./image-library.support";
import { newStaff } from "./ops.support";

jest.setTimeout(60_000);

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-gallery-api-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";
process.env.RATE_LIMIT_FACTOR = "1";
process.env.RATE_LIMITS = JSON.stringify({ gallery_report: { points: 3 } });

let choice: typeof import("@/app/api/v1/content/[id]/gallery/route");
let publicList: typeof import("@/app/api/v1/public/gallery/route");
let report: typeof import("@/app/api/v1/public/gallery/[id]/report/route");
let staffRoute: typeof import("@/app/api/v1/ops/gallery/[id]/route");
let alice: TestUser;
let bob: TestUser;
let staff: TestUser;

beforeAll(async () => {
  choice = await import("@/app/api/v1/content/[id]/gallery/route");
  publicList = await import("@/app/api/v1/public/gallery/route");
  report = await import("@/app/api/v1/public/gallery/[id]/report/route");
  staffRoute = await import("@/app/api/v1/ops/gallery/[id]/route");
  [alice, bob, staff] = await Promise.all([newUser("alice"), newUser("bob"), newStaff("gallery-staff")]);
  const { getDb } = await import("@/lib/platform/db");
  const { getBlobStore } = await import("@/lib/platform/storage");
  const { seedDesign, seedImage, seedVideo } = await import("@/lib/creation/workspace/testing");
  const [db, store] = [getDb(), getBlobStore()];
  // Oldest first, so "newest first" has one right answer.
  await seedImage(db, store, alice.uid, "a-img-public", { title: "Harbour", visibility: "public" });
  await seedVideo(db, store, alice.uid, "a-vid-public", { title: "Ferry", visibility: "public", rendered: true });
  await seedVideo(db, store, alice.uid, "a-vid-unrendered", { title: "Draft ferry", visibility: "public" });
  await seedImage(db, store, alice.uid, "a-img-private", { title: "Secret", visibility: "private" });
  await seedDesign(db, store, alice.uid, "a-design", {
    title: "Poster",
    visibility: "public",
    settings: { files: { pages: [{ key: "k", width: 1, height: 1, size_bytes: 1 }] } },
  });
  await seedImage(db, store, bob.uid, "b-img-public", { title: "Bob's", visibility: "public" });
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const readChoice = async (id: string, token?: string) =>
  json(await choice.GET(req(`/api/v1/content/${id}/gallery`, { token }), withId(id)));
const putChoice = async (id: string, body: unknown, token?: string) =>
  json(await choice.PUT(req(`/api/v1/content/${id}/gallery`, { method: "PUT", token, json: body }), withId(id)));
const listed = async () => {
  const res = await json(await publicList.GET(req("/api/v1/public/gallery"), noParams));
  expect(res.status).toBe(200);
  return res.body.data as { id: string; href: string; poster_url: string; kind: string }[];
};
const sendReport = async (id: string, body: unknown, ip = "198.51.100.1") =>
  json(
    await report.POST(
      req(`/api/v1/public/gallery/${id}/report`, { method: "POST", json: body, headers: { "x-forwarded-for": ip } }),
      withId(id),
    ),
  );
const staffPut = async (id: string, body: unknown, token = staff.token) =>
  json(await staffRoute.PUT(req(`/api/v1/ops/gallery/${id}`, { method: "PUT", token, json: body }), withId(id)));

it("is off by default, even for public items, and the public gallery starts empty", async () => {
  const res = await readChoice("a-img-public", alice.token);
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ id: "a-img-public", kind: "image", show: false, listing: "off" });
  expect(await listed()).toEqual([]);
});

it("lists only opted-in items that are public and finished, newest first, linking to their public pages", async () => {
  for (const id of ["a-img-public", "a-vid-public", "a-vid-unrendered", "a-img-private", "a-design"]) {
    expect((await putChoice(id, { show: true }, alice.token)).status).toBe(200);
  }
  expect((await readChoice("a-img-private", alice.token)).body.data).toMatchObject({
    show: true,
    listing: "not_public",
  });
  expect((await readChoice("a-vid-unrendered", alice.token)).body.data).toMatchObject({ listing: "not_ready" });
  expect((await readChoice("a-vid-public", alice.token)).body.data).toMatchObject({ listing: "listed" });
  const items = await listed();
  expect(items.map((i) => i.id)).toEqual(["a-design", "a-vid-public", "a-img-public"]);
  expect(items).toEqual([
    expect.objectContaining({
      kind: "design",
      href: "/content/a-design",
      poster_url: "/api/v1/public/content/a-design/thumbnail",
    }),
    expect.objectContaining({
      kind: "video",
      href: "/v1/videos/a-vid-public",
      poster_url: "/api/v1/public/videos/a-vid-public/poster",
    }),
    expect.objectContaining({ kind: "image", href: "/content/a-img-public" }),
  ]);
  // Bob's public image never opted in: not there.
  expect(items.some((i) => i.id === "b-img-public")).toBe(false);
  // Turning the choice off takes it out; the public link stays.
  expect((await putChoice("a-design", { show: false }, alice.token)).body.data).toMatchObject({
    show: false,
    listing: "off",
  });
  expect((await listed()).map((i) => i.id)).toEqual(["a-vid-public", "a-img-public"]);
});

it("another person cannot read or change my choice (404); signed out 401; bad input a typed 422", async () => {
  expect((await readChoice("a-img-public", bob.token)).status).toBe(404);
  const theirs = await putChoice("a-img-private", { show: true }, bob.token);
  expect(theirs.status).toBe(404);
  expect(theirs.body.error.code).toBe("not_found");
  expect((await putChoice("b-img-public", { show: true }, alice.token)).status).toBe(404);
  expect((await listed()).some((i) => i.id === "b-img-public")).toBe(false);
  expect((await putChoice("a-img-public", { show: true })).status).toBe(401);
  for (const bad of [{ show: "yes" }, {}, { show: true, extra: 1 }]) {
    const res = await putChoice("a-img-public", bad, alice.token);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("unprocessable_entity");
  }
  expect((await readChoice("..%2F..", alice.token)).status).toBe(404);
  expect((await json(await publicList.GET(req("/api/v1/public/gallery?limit=0"), noParams))).status).toBe(422);
});

it("stores a visitor's report of a listed item, refuses others, and limits reports per IP", async () => {
  const ok = await sendReport("a-vid-public", { reason: "offensive", note: "  not for kids " });
  expect(ok.status).toBe(201);
  const { getDb } = await import("@/lib/platform/db");
  const { galleryReports } = await import("@/lib/creation/gallery/collections");
  const stored = await getDb().collection(galleryReports).where("content_id", "==", "a-vid-public").get();
  expect(stored.map((s) => s.data)).toEqual([
    expect.objectContaining({ reason: "offensive", note: "not for kids", status: "open" }),
  ]);
  // The report keeps no copy of the owner's words (the title stays with the item and goes with it).
  expect(JSON.stringify(stored.map((s) => s.data))).not.toContain("Ferry");
  // Bad input is a typed 422 (it still counts against the address: 2 of 3 spent).
  const bad = await sendReport("a-vid-public", { reason: "boring" });
  expect(bad.status).toBe(422);
  expect(bad.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["reason"]);
  // Not in the gallery (private, someone's unlisted item): 404, nothing stored.
  expect((await sendReport("a-img-private", { reason: "spam" }, "198.51.100.2")).status).toBe(404);
  expect((await sendReport("b-img-public", { reason: "spam" }, "198.51.100.2")).status).toBe(404);
  // The third call from the first address passes, the fourth is refused with Retry-After.
  expect((await sendReport("a-img-public", { reason: "spam" })).status).toBe(201);
  const refused = await report.POST(
    req("/api/v1/public/gallery/a-img-public/report", {
      method: "POST",
      json: { reason: "spam" },
      headers: { "x-forwarded-for": "198.51.100.1" },
    }),
    withId("a-img-public"),
  );
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
  // Another address is unaffected.
  expect((await sendReport("a-img-public", { reason: "copyright" }, "198.51.100.3")).status).toBe(201);
});

it("staff hide an item: it leaves the gallery, its reports close, the owner cannot list it again; only staff may", async () => {
  const notStaff = await staffPut("a-vid-public", { hidden: true }, alice.token);
  expect(notStaff.status).toBe(403);
  expect((await staffPut("a-vid-public", { hidden: "yes" })).status).toBe(422);
  expect((await staffPut("nope-not-there", { hidden: true })).status).toBe(404);
  const state = await json(
    await staffRoute.GET(req("/api/v1/ops/gallery/a-vid-public", { token: staff.token }), withId("a-vid-public")),
  );
  expect(state.body.data).toMatchObject({ listing: "listed", hidden: false, open_reports: 1 });

  const hidden = await staffPut("a-vid-public", { hidden: true });
  expect(hidden.status).toBe(200);
  expect(hidden.body.data).toMatchObject({ listing: "hidden", hidden: true, open_reports: 0 });
  expect((await listed()).map((i) => i.id)).toEqual(["a-img-public"]);
  expect((await sendReport("a-vid-public", { reason: "spam" }, "198.51.100.9")).status).toBe(404);

  // The owner's switch cannot bring it back.
  await putChoice("a-vid-public", { show: false }, alice.token);
  expect((await putChoice("a-vid-public", { show: true }, alice.token)).body.data).toMatchObject({ listing: "hidden" });
  expect((await listed()).map((i) => i.id)).toEqual(["a-img-public"]);

  // Staff can show it again.
  expect((await staffPut("a-vid-public", { hidden: false })).body.data).toMatchObject({ listing: "listed" });
  expect((await listed()).map((i) => i.id)).toEqual(["a-vid-public", "a-img-public"]);
});
