/**
 * "Download my data" and "Delete my account", with real emulator accounts, a
 * real store and blobs, and the route handlers called directly. Alice has a
 * bit of everything; Bob likes her public picture and has things of his own,
 * which must never appear in her archive nor suffer from her deletion.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { unzipSync, strFromU8 } from "fflate";
import { NextRequest } from "next/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-account-data-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
const PASSWORD = "secret-pass-1";
const ctx = { params: Promise.resolve({}) };
const withId = (id: string) => ({ params: Promise.resolve({ id }) });
const withKey = (key: string) => ({ params: Promise.resolve({ key: key.split("/") }) });

interface Person {
  uid: string;
  email: string;
  token: string;
  cookie: string;
}

async function toolkit(op: "signUp" | "signInWithPassword", email: string): Promise<Response> {
  return fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:${op}?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
}

function req(
  url: string,
  init: { method?: string; token?: string; cookie?: string; json?: unknown } = {},
): NextRequest {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.cookie) headers.cookie = init.cookie;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  }
  return new NextRequest(new URL(url, "http://localhost:3000"), { method: init.method ?? "GET", headers, body });
}

let login: typeof import("@/app/api/v1/users/login/route");
let userInfo: typeof import("@/app/api/v1/user-info/route");
let exportRoute: typeof import("@/app/api/v1/account/export/route");
let deleteRoute: typeof import("@/app/api/v1/account/delete/route");
let image: typeof import("@/app/api/v1/images/[id]/route");
let like: typeof import("@/app/api/v1/images/[id]/like/route");
let brandKit: typeof import("@/app/api/v1/brand-kit/route");
let blobs: typeof import("@/app/api/v1/blobs/[...key]/route");
let db: import("@/lib/platform/db").Db;
let store: import("@/lib/platform/storage").BlobStore;
let alice: Person;
let bob: Person;

async function person(label: string): Promise<Person> {
  const email = `${label}.${randomUUID().slice(0, 8)}@example.com`;
  const body = (await (await toolkit("signUp", email)).json()) as { idToken: string; localId: string };
  const res = await login.POST(req("/api/v1/users/login/", { method: "POST", token: body.idToken }), ctx);
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  return { uid: body.localId, email, token: body.idToken, cookie };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

beforeAll(async () => {
  login = await import("@/app/api/v1/users/login/route");
  userInfo = await import("@/app/api/v1/user-info/route");
  exportRoute = await import("@/app/api/v1/account/export/route");
  deleteRoute = await import("@/app/api/v1/account/delete/route");
  image = await import("@/app/api/v1/images/[id]/route");
  like = await import("@/app/api/v1/images/[id]/like/route");
  brandKit = await import("@/app/api/v1/brand-kit/route");
  blobs = await import("@/app/api/v1/blobs/[...key]/route");
  db = (await import("@/lib/platform/db")).getDb();
  store = (await import("@/lib/platform/storage")).getBlobStore();
  [alice, bob] = [await person("alice"), await person("bob")];

  const { seedAsset, seedDesign, seedImage, seedProduct, seedVideo } = await import("@/lib/creation/workspace/testing");
  const { DEFAULT_BRAND_KIT } = await import("@/lib/creation/brand/contract");
  const { creditLedger } = await import("@/lib/platform/db/collections");
  const { updateLog } = await import("@/lib/platform/update-log/collections");
  await seedImage(db, store, alice.uid, "a-img", { title: "Alice private" });
  await seedImage(db, store, alice.uid, "a-pub", { title: "Alice shared", visibility: "public" });
  await seedVideo(db, store, alice.uid, "a-vid", { title: "Alice film", rendered: true });
  await seedDesign(db, store, alice.uid, "a-des", { title: "Alice poster" });
  await seedAsset(db, store, alice.uid, "a-asset");
  await seedProduct(db, alice.uid, "a-prod", { name: "Alice rope" });
  await seedImage(db, store, bob.uid, "b-img", { title: "Bob private" });
  const kit = await brandKit.PUT(
    req("/api/v1/brand-kit", { method: "PUT", cookie: alice.cookie, json: DEFAULT_BRAND_KIT }),
    ctx,
  );
  expect(kit.status).toBe(200);
  // Bob likes Alice's shared picture; Alice likes her own.
  expect(
    (await like.POST(req("/api/v1/images/a-pub/like", { method: "POST", token: bob.token }), withId("a-pub"))).status,
  ).toBe(200);
  expect(
    (await like.POST(req("/api/v1/images/a-pub/like", { method: "POST", token: alice.token }), withId("a-pub"))).status,
  ).toBe(200);
  // Credit history as the ledger holds it (opening balance keyed by uid, a debit) and a change in the audit trail.
  const at = new Date().toISOString();
  await db.collection(creditLedger).doc(`open-${alice.uid}`).create({
    owner_id: alice.uid,
    delta: 100,
    reason: "grant",
    balance_after: 100,
    content_id: null,
    job_id: null,
    note: "opening balance",
    created_at: at,
  });
  await db.collection(creditLedger).doc("debit-job-a1").create({
    owner_id: alice.uid,
    delta: -5,
    reason: "debit",
    balance_after: 95,
    content_id: "a-vid",
    job_id: "job-a1",
    note: null,
    created_at: at,
  });
  await db.collection(creditLedger).doc("debit-job-b1").create({
    owner_id: bob.uid,
    delta: -5,
    reason: "debit",
    balance_after: 95,
    content_id: "b-img",
    job_id: "job-b1",
    note: null,
    created_at: at,
  });
  await db
    .collection(updateLog)
    .doc("log-a1")
    .create({
      entity_type: "content",
      entity_id: "a-vid",
      entity_label: "Alice film",
      action: "update",
      actor_kind: "user",
      actor_id: alice.uid,
      actor_email: alice.email,
      source: "PATCH /api/v1/videos/a-vid",
      screen: "/videos/a-vid",
      changes: [{ path: "title", before: '"Draft"', after: '"Alice film"' }],
      truncated: false,
      created_at: at,
    });
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

async function download(who: Person): Promise<Record<string, Uint8Array>> {
  const res = await exportRoute.POST(req("/api/v1/account/export", { method: "POST", cookie: who.cookie }), ctx);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toMatch(
    /^attachment; filename="promptframe-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

const ids = (zip: Record<string, Uint8Array>, name: string): string[] =>
  (JSON.parse(strFromU8(zip[`data/${name}.json`]!)) as { id: string }[]).map((d) => d.id).sort();

describe("POST /api/v1/account/export", () => {
  it("streams one ZIP with the person's documents as JSON and their files, and nothing of anyone else", async () => {
    const zip = await download(alice);
    const names = Object.keys(zip).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        "README.txt",
        "manifest.json",
        "data/content.json",
        "data/assets.json",
        "data/products.json",
        "data/brand_kits.json",
        "data/likes.json",
        "data/users.json",
        "data/credit_ledger.json",
        "data/compositions.json",
        "data/update_log.json",
      ]),
    );
    // Every JSON file parses.
    for (const name of names.filter((n) => n.endsWith(".json")))
      expect(() => JSON.parse(strFromU8(zip[name]!))).not.toThrow();

    expect(ids(zip, "content")).toEqual(["a-des", "a-img", "a-pub", "a-vid"]);
    expect(ids(zip, "assets")).toEqual(["a-asset"]);
    expect(ids(zip, "products")).toEqual(["a-prod"]);
    expect(ids(zip, "brand_kits")).toEqual([alice.uid]);
    expect(ids(zip, "users")).toEqual([alice.uid]);
    expect(ids(zip, "credit_ledger")).toEqual(["debit-job-a1", `open-${alice.uid}`]);
    // Her own like only: Bob's like of her picture is his.
    expect(ids(zip, "likes")).toEqual([`a-pub_${alice.uid}`]);

    // The files, byte for byte, under their keys.
    const files = names.filter((n) => n.startsWith("files/")).sort();
    expect(files).toEqual(
      [
        `assets/${alice.uid}/a-asset.png`,
        `designs/${alice.uid}/a-des/still.png`,
        `images/${alice.uid}/a-img.png`,
        `images/${alice.uid}/a-pub.png`,
        `videos/${alice.uid}/a-vid/poster-r0.png`,
        `videos/${alice.uid}/a-vid/video-r0.mp4`,
      ]
        .map((k) => `files/${k}`)
        .sort(),
    );
    expect([...zip[`files/images/${alice.uid}/a-img.png`]!.slice(0, 4)]).toEqual(PNG_SIGNATURE);
    const stored = await store.get(`videos/${alice.uid}/a-vid/video-r0.mp4`);
    const chunks: Buffer[] = [];
    for await (const c of stored!.body) chunks.push(c as Buffer);
    expect(Buffer.from(zip[`files/videos/${alice.uid}/a-vid/video-r0.mp4`]!)).toEqual(Buffer.concat(chunks));

    const manifest = JSON.parse(strFromU8(zip["manifest.json"]!));
    expect(manifest).toMatchObject({
      format: "promptframe-export/1",
      user_id: alice.uid,
      email: alice.email,
      collections: { content: 4, assets: 1, products: 1 },
    });
    expect(manifest.files).toHaveLength(6);

    // Nothing of Bob's anywhere in the archive (his uid would be in his ids, keys and likes).
    for (const [name, bytes] of Object.entries(zip)) {
      expect(name).not.toContain(bob.uid);
      expect(Buffer.from(bytes).includes(bob.uid)).toBe(false);
    }
    expect(Buffer.from(zip["data/content.json"]!).includes("Bob private")).toBe(false);
  });

  it("refuses a second export while one is streaming (409), and serves one again afterwards", async () => {
    const first = await exportRoute.POST(req("/api/v1/account/export", { method: "POST", cookie: bob.cookie }), ctx);
    expect(first.status).toBe(200);
    const second = await exportRoute.POST(req("/api/v1/account/export", { method: "POST", token: bob.token }), ctx);
    expect(second.status).toBe(409);
    expect((await second.json()).error.code).toBe("conflict");
    expect(Object.keys(unzipSync(new Uint8Array(await first.arrayBuffer())))).toContain("data/content.json");
    const third = await exportRoute.POST(req("/api/v1/account/export", { method: "POST", token: bob.token }), ctx);
    expect(third.status).toBe(200);
    await third.body!.cancel(); // a client that goes away frees the slot too
  });

  it("needs a signed-in caller and takes POST only", async () => {
    expect((await exportRoute.POST(req("/api/v1/account/export", { method: "POST" }), ctx)).status).toBe(401);
    expect(exportRoute.GET().status).toBe(405);
  });
});

describe("POST /api/v1/account/delete", () => {
  const del = (who: Person, json: unknown, via: "cookie" | "token" = "cookie") =>
    deleteRoute.POST(
      req("/api/v1/account/delete", {
        method: "POST",
        json,
        ...(via === "cookie" ? { cookie: who.cookie } : { token: who.token }),
      }),
      ctx,
    );

  it("refuses a wrong or missing confirmation and running work, changing nothing", async () => {
    const wrong = await del(alice, { confirm_email: bob.email });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).error.issues).toEqual([{ path: "confirm_email", message: expect.any(String) }]);
    expect((await del(alice, {})).status).toBe(422);
    expect((await del(alice, { confirm_email: alice.email, extra: 1 })).status).toBe(422);

    const { jobs } = await import("@/lib/platform/db/collections");
    const at = new Date().toISOString();
    const job = db.collection(jobs).doc("job-a-running");
    await job.create({
      type: "video.render",
      owner_id: alice.uid,
      content_id: "a-vid",
      state: "running",
      progress: 0.5,
      attempts: 1,
      max_attempts: 3,
      error: null,
      worker_id: "w",
      lease_expires_at: null,
      input: {},
      created_at: at,
      updated_at: at,
    });
    const busy = await del(alice, { confirm_email: alice.email });
    expect(busy.status).toBe(409);
    expect((await busy.json()).error.message).toMatch(/still being made/);
    await job.update({ state: "succeeded", progress: 1 });

    expect((await image.GET(req("/api/v1/images/a-img", { token: alice.token }), withId("a-img"))).status).toBe(200);
    expect(await store.head(`images/${alice.uid}/a-img.png`)).not.toBeNull();
  });

  it("refuses staff accounts", async () => {
    const { deleteAccount } = await import("@/lib/creation/account/service");
    const staff = { uid: "s1", email: "s@promptframe.ai", isStaff: true } as Parameters<typeof deleteAccount>[1];
    await expect(
      deleteAccount({ db, store, auth: { revokeRefreshTokens: jest.fn(), deleteUser: jest.fn() } }, staff, {
        confirm_email: "s@promptframe.ai",
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  it("deletes everything of hers, keeps the ledger pseudonymised, leaves Bob alone, and is safe to retry", async () => {
    const signedUrl = await store.signedUrl(`images/${alice.uid}/a-img.png`, { expiresInSeconds: 600 });
    const blobUrl = new URL(signedUrl, "http://localhost:3000");
    const blobKey = blobUrl.pathname.replace("/api/v1/blobs/", "");
    expect((await blobs.GET(req(blobUrl.pathname + blobUrl.search), withKey(blobKey))).status).toBe(200);

    const res = await del(alice, { confirm_email: `  ${alice.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({
      deleted: true,
      files: 6,
      documents: { content: 4, assets: 1, products: 1, brand_kits: 1, users: 1, likes: 2 },
      pseudonymised: { credit_ledger: 2, update_log: 1 },
    });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("authToken=;"))).toBe(true);

    // Her session, her token and her password are all refused.
    expect((await userInfo.GET(req("/api/v1/user-info", { cookie: alice.cookie }), ctx)).status).toBe(401);
    expect((await userInfo.GET(req("/api/v1/user-info", { token: alice.token }), ctx)).status).toBe(401);
    const signIn = await toolkit("signInWithPassword", alice.email);
    expect(signIn.status).toBe(400);
    expect((await signIn.json()).error.message).toMatch(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);

    // Nothing of hers can be read: her content 404s (even the shared picture), the signed link 404s, no file is left.
    for (const id of ["a-img", "a-pub"])
      expect((await image.GET(req(`/api/v1/images/${id}`, { token: bob.token }), withId(id))).status).toBe(404);
    expect((await blobs.GET(req(blobUrl.pathname + blobUrl.search), withKey(blobKey))).status).toBe(404);
    for (const area of ["images", "assets", "videos", "designs"])
      expect(await store.list(`${area}/${alice.uid}/`)).toEqual([]);
    const { content, creditLedger, likes } = await import("@/lib/platform/db/collections");
    expect(await db.collection(content).where("owner_id", "==", alice.uid).get()).toEqual([]);
    expect(await db.collection(likes).where("content_owner_id", "==", alice.uid).get()).toEqual([]);

    // The ledger is kept for accounting, under a pseudonym, the uid gone even from ids.
    const { pseudonymFor } = await import("@/lib/creation/account/owned-data");
    const pseudonym = pseudonymFor(alice.uid);
    expect(data.pseudonym).toBe(pseudonym);
    expect(await db.collection(creditLedger).where("owner_id", "==", alice.uid).get()).toEqual([]);
    const kept = await db.collection(creditLedger).where("owner_id", "==", pseudonym).get();
    expect(kept.map((e) => [e.id, e.data.delta]).sort()).toEqual([
      ["debit-job-a1", -5],
      [`open-${pseudonym}`, 100],
    ]);
    const { updateLog } = await import("@/lib/platform/update-log/collections");
    expect((await db.collection(updateLog).doc("log-a1").get())?.data).toMatchObject({
      actor_id: pseudonym,
      actor_email: null,
      entity_label: null,
      changes: [],
      action: "update",
    });

    // Bob's things are untouched.
    expect((await image.GET(req("/api/v1/images/b-img", { token: bob.token }), withId("b-img"))).status).toBe(200);
    expect(await store.head(`images/${bob.uid}/b-img.png`)).not.toBeNull();
    expect(await db.collection(creditLedger).doc("debit-job-b1").get()).toMatchObject({ data: { owner_id: bob.uid } });
    expect((await userInfo.GET(req("/api/v1/user-info", { cookie: bob.cookie }), ctx)).status).toBe(200);

    // A retry (e.g. after a failure half way) finds nothing left and still succeeds.
    const { deleteAccountData, deleteFirebaseUser } = await import("@/lib/creation/account/delete");
    expect(
      await deleteAccountData(
        { db, store, auth: { revokeRefreshTokens: jest.fn(), deleteUser: jest.fn() } },
        alice.uid,
      ),
    ).toEqual({ deleted: {}, pseudonymised: {}, files: 0, pseudonym });
    const { adminAuth } = await import("@/lib/access/auth/server/firebase-admin");
    await expect(deleteFirebaseUser(adminAuth(), alice.uid)).resolves.toBeUndefined();
    expect((await del(alice, { confirm_email: alice.email })).status).toBe(401);
  });
});
