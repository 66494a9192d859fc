/**
 * The data dashboard and update-log routes called directly with emulator
 * tokens: staff only; a schema-breaking edit is a 422 with field messages and
 * writes nothing; a valid edit writes once with one log entry; stale versions
 * are 409; secrets are masked in rows, documents, exports and the log, and
 * the mask is never written; paging follows declared indexes only; the log
 * pages newest first, filters, exports CSV and refuses edits.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newUser, req, type TestUser } from "./image-library.support";
import { newStaff } from "./ops.support";

// Next's page cache exists only inside a Next server: the refresh of public pages is observed at its boundary.
jest.mock("next/cache", () => ({ ...jest.requireActual("next/cache"), revalidatePath: jest.fn() }));

const dataDir = mkdtempSync(path.join(tmpdir(), "pf-ops-data-"));
process.env.DATA_DIR = dataDir;
process.env.IN_APP_WORKER = "0";

let root: typeof import("@/app/api/v1/ops/data/route");
let coll: typeof import("@/app/api/v1/ops/data/[collection]/route");
let doc: typeof import("@/app/api/v1/ops/data/[collection]/[documentId]/route");
let log: typeof import("@/app/api/v1/ops/update-log/route");
let staff: TestUser & { email: string };
let user: TestUser;
let db: import("@/lib/platform/db/db").Db;

const ctx = (p: Record<string, string>) => ({ params: Promise.resolve(p) });
const at = "2026-03-01T00:00:00.000Z";

async function logEntries(entityId: string) {
  const { updateLog } = await import("@/lib/platform/update-log/collections");
  return db.collection(updateLog).where("entity_id", "==", entityId).get();
}

beforeAll(async () => {
  root = await import("@/app/api/v1/ops/data/route");
  coll = await import("@/app/api/v1/ops/data/[collection]/route");
  doc = await import("@/app/api/v1/ops/data/[collection]/[documentId]/route");
  log = await import("@/app/api/v1/ops/update-log/route");
  [staff, user] = await Promise.all([newStaff(), newUser("plain")]);
  const { getDb } = await import("@/lib/platform/db");
  db = getDb();
  const { vibes, users } = await import("@/lib/platform/db/collections");
  // Signing in writes the profile the log's actor filter finds an email in.
  await db.collection(users).doc(staff.uid).create({
    user_id: staff.uid,
    email: staff.email,
    name: null,
    photo_url: null,
    provider: "password",
    is_staff: true,
    credits: 0,
    plan: "free",
    created_at: at,
    last_login_at: at,
  });
  const { billingAccounts } = await import("@/lib/money/billing/collections");
  for (let i = 0; i < 5; i++) {
    await db
      .collection(vibes)
      .doc(`v${i}`)
      .create({
        owner_id: i % 2 ? "owner-a" : "owner-b",
        name: `Vibe ${i}`,
        prompt_additions: "soft light",
        visibility: "public",
        created_at: `2026-03-0${i + 1}T00:00:00.000Z`,
        updated_at: at,
      });
  }
  await db
    .collection(billingAccounts)
    .doc("acct1")
    .create({
      owner_id: "acct1",
      stripe_customer_id: "cus_secret123",
      subscription_id: null,
      subscription_item_id: null,
      subscription_status: null,
      price_id: null,
      plan: "free",
      current_period_start: null,
      current_period_end: null,
      cancel_at_period_end: false,
      state_event_at: null,
      created_at: at,
      updated_at: at,
    } as never);
});

afterAll(async () => {
  const { closeDb } = await import("@/lib/platform/db");
  await closeDb().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

it("is for staff only", async () => {
  expect((await root.GET(req("/api/v1/ops/data", { token: user.token }), ctx({}))).status).toBe(403);
  expect((await log.GET(req("/api/v1/ops/update-log", { token: user.token }), ctx({}))).status).toBe(403);
  const list = await json(await root.GET(req("/api/v1/ops/data", { token: staff.token }), ctx({})));
  expect(list.status).toBe(200);
  expect(list.body.data).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: "vibes", count: 5, read_only: false }),
      expect.objectContaining({ name: "update_log", read_only: true }),
    ]),
  );
});

it("pages a collection on its declared indexes only", async () => {
  const get = async (q: string) =>
    json(await coll.GET(req(`/api/v1/ops/data/vibes${q}`, { token: staff.token }), ctx({ collection: "vibes" })));
  const first = await get("?limit=2");
  expect(first.body.data.map((r: { id: string }) => r.id)).toEqual(["v0", "v1"]);
  expect(first.body.collection.columns).toContain("prompt_additions");
  const second = await get(`?limit=2&cursor=${first.body.next_cursor}`);
  expect(second.body.data.map((r: { id: string }) => r.id)).toEqual(["v2", "v3"]);
  // Index 0 is (owner_id, created_at desc).
  const byOwner = await get("?index=0&eq.owner_id=owner-b");
  expect(byOwner.body.data.map((r: { id: string }) => r.id)).toEqual(["v4", "v2", "v0"]);
  expect((await get("?index=0")).status).toBe(422);
  const undeclared = await get("?index=0&eq.owner_id=owner-b&eq.name=x");
  expect(undeclared.status).toBe(422);
  expect(undeclared.body.error.issues[0].path).toBe("eq.name");
  expect((await get("?id=v3")).body.data.map((r: { id: string }) => r.id)).toEqual(["v3"]);
});

it("refuses a schema-breaking edit with field messages and writes nothing; a valid edit writes once and logs once", async () => {
  const open = await json(
    await doc.GET(
      req("/api/v1/ops/data/vibes/v1", { token: staff.token }),
      ctx({ collection: "vibes", documentId: "v1" }),
    ),
  );
  expect(open.status).toBe(200);
  expect(open.body.data.schema).toBeTruthy();
  const { version, data } = open.body.data;
  const put = (body: unknown) =>
    doc.PUT(
      req("/api/v1/ops/data/vibes/v1", { method: "PUT", token: staff.token, json: body }),
      ctx({ collection: "vibes", documentId: "v1" }),
    );

  const bad = await json(await put({ version, data: { ...data, name: "", visibility: "everyone", colour: 1 } }));
  expect(bad.status).toBe(422);
  expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["colour", "name", "visibility"]);
  const { vibes } = await import("@/lib/platform/db/collections");
  expect((await db.collection(vibes).doc("v1").get())!.data.name).toBe("Vibe 1");
  expect(await logEntries("vibes/v1")).toHaveLength(0);

  const dry = await json(await put({ version, data: { ...data, name: "Renamed" }, dry_run: true }));
  expect(dry.body.data).toMatchObject({
    written: false,
    changes: [{ path: "name", before: '"Vibe 1"', after: '"Renamed"' }],
  });
  expect(await logEntries("vibes/v1")).toHaveLength(0);

  const ok = await json(await put({ version, data: { ...data, name: "Renamed" } }));
  expect(ok.status).toBe(200);
  expect(ok.body.data.written).toBe(true);
  expect((await db.collection(vibes).doc("v1").get())!.data.name).toBe("Renamed");
  const entries = await logEntries("vibes/v1");
  expect(entries).toHaveLength(1);
  expect(entries[0]!.data).toMatchObject({
    entity_type: "document",
    action: "update",
    actor_id: staff.uid,
    actor_email: staff.email,
    source: "PUT /api/v1/ops/data/vibes/v1",
  });
  expect(entries[0]!.data.changes).toEqual([{ path: "name", before: '"Vibe 1"', after: '"Renamed"' }]);

  const stale = await json(await put({ version, data: { ...data, name: "Again" } }));
  expect(stale.status).toBe(409);
  expect(await logEntries("vibes/v1")).toHaveLength(1);
});

it("creates and deletes with a version, each logged; the update log itself is read-only", async () => {
  const created = await json(
    await coll.POST(
      req("/api/v1/ops/data/vibes", {
        method: "POST",
        token: staff.token,
        json: {
          id: "v9",
          data: {
            owner_id: null,
            name: "New",
            prompt_additions: "x",
            visibility: "private",
            created_at: at,
            updated_at: at,
          },
        },
      }),
      ctx({ collection: "vibes" }),
    ),
  );
  expect(created.status).toBe(201);
  const del = await doc.DELETE(
    req(`/api/v1/ops/data/vibes/v9?version=${created.body.data.version}`, { method: "DELETE", token: staff.token }),
    ctx({ collection: "vibes", documentId: "v9" }),
  );
  expect(del.status).toBe(200);
  expect((await logEntries("vibes/v9")).map((e) => e.data.action).sort()).toEqual(["create", "delete"]);
  const ro = await coll.POST(
    req("/api/v1/ops/data/update_log", { method: "POST", token: staff.token, json: { data: {} } }),
    ctx({ collection: "update_log" }),
  );
  expect(ro.status).toBe(403);
});

it("masks secrets in rows, documents and exports, keeps them on an edit and never writes the mask", async () => {
  const c = ctx({ collection: "billing_accounts" });
  const rows = await json(await coll.GET(req("/api/v1/ops/data/billing_accounts", { token: staff.token }), c));
  expect(rows.body.data[0].data.stripe_customer_id).toBe("••••••••");
  const exported = await (
    await coll.GET(req("/api/v1/ops/data/billing_accounts?format=jsonl", { token: staff.token }), c)
  ).text();
  expect(exported).not.toContain("cus_secret123");
  expect(JSON.parse(exported.trim()).stripe_customer_id).toBe("••••••••");
  const open = await json(
    await doc.GET(
      req("/api/v1/ops/data/billing_accounts/acct1", { token: staff.token }),
      ctx({ collection: "billing_accounts", documentId: "acct1" }),
    ),
  );
  expect(JSON.stringify(open.body)).not.toContain("cus_secret123");
  expect(open.body.data.collection.masked).toEqual(["stripe_customer_id"]);

  // Edits (billing records are read-only, so a pipeline's webhook secret): the mask sent back keeps the secret.
  const { prodWebhookSecrets } = await import("@/lib/operations/production/collections");
  await db.collection(prodWebhookSecrets).doc("pipe1").create({ secret: "whsec_pipeline_secret_123", created_at: at });
  const dc = ctx({ collection: "prod_webhook_secrets", documentId: "pipe1" });
  const opened = await json(
    await doc.GET(req("/api/v1/ops/data/prod_webhook_secrets/pipe1", { token: staff.token }), dc),
  );
  expect(opened.body.data.data.secret).toBe("••••••••");
  const put = (data: unknown) =>
    doc.PUT(
      req("/api/v1/ops/data/prod_webhook_secrets/pipe1", {
        method: "PUT",
        token: staff.token,
        json: { version: opened.body.data.version, data },
      }),
      dc,
    );
  // The mask as the value of a field that holds no secret is refused.
  const refused = await json(await put({ ...opened.body.data.data, created_at: "••••••••" }));
  expect(refused.status).toBe(422);
  expect(refused.body.error.issues[0].path).toBe("created_at");
  const ok = await json(await put({ ...opened.body.data.data, created_at: "2026-04-01T00:00:00.000Z" }));
  expect(ok.status).toBe(200);
  expect((await db.collection(prodWebhookSecrets).doc("pipe1").get())!.data).toEqual({
    secret: "whsec_pipeline_secret_123",
    created_at: "2026-04-01T00:00:00.000Z",
  });
  const entries = await logEntries("prod_webhook_secrets/pipe1");
  expect(entries).toHaveLength(1);
  expect(JSON.stringify(entries[0]!.data)).not.toContain("whsec_pipeline_secret_123");
});

describe("money and history stay out of reach", () => {
  const MONEY = [
    "credit_ledger",
    "billing_accounts",
    "billing_customers",
    "billing_events",
    "billing_grants",
    "billing_checkouts",
    "billing_purchases",
    "update_log",
  ];

  it("lists the credit ledger, every billing record and the update log as read-only, each with the reason and where to go instead", async () => {
    const list = await json(await root.GET(req("/api/v1/ops/data", { token: staff.token }), ctx({})));
    for (const name of MONEY) {
      const c = list.body.data.find((x: { name: string }) => x.name === name);
      expect(c).toMatchObject({ name, read_only: true, read_only_reason: expect.any(String) });
    }
    const reasonOf = (name: string) =>
      list.body.data.find((x: { name: string }) => x.name === name).read_only_reason as string;
    expect(reasonOf("credit_ledger")).toMatch(/grant credits.*\/subscription/i);
    expect(reasonOf("billing_accounts")).toMatch(/Stripe/);
    // Collections that hold no money stay editable.
    expect(list.body.data.find((x: { name: string }) => x.name === "vibes").read_only).toBe(false);
  });

  it("keeps the security records out of reach too: a revoked session or a sign-up grant cannot be deleted (it would revive a signed-out cookie, or a free grant)", async () => {
    const list = await json(await root.GET(req("/api/v1/ops/data", { token: staff.token }), ctx({})));
    for (const name of ["revoked_sessions", "signup_grants"]) {
      expect(list.body.data.find((x: { name: string }) => x.name === name)).toMatchObject({
        read_only: true,
        read_only_reason: expect.stringMatching(/again/),
      });
    }
    const id = "a".repeat(64);
    const dc = ctx({ collection: "revoked_sessions", documentId: id });
    const created = await coll.POST(
      req("/api/v1/ops/data/revoked_sessions", { method: "POST", token: staff.token, json: { id, data: {} } }),
      ctx({ collection: "revoked_sessions" }),
    );
    expect(created.status).toBe(403);
    const del = await doc.DELETE(
      req(`/api/v1/ops/data/revoked_sessions/${id}?version=x`, { method: "DELETE", token: staff.token }),
      dc,
    );
    expect(del.status).toBe(403);
  });

  it("refuses to edit, create or delete a ledger entry or a billing record (403 with the reason); nothing changes and nothing is logged", async () => {
    const { creditLedger } = await import("@/lib/platform/db/collections");
    const { billingEvents } = await import("@/lib/money/billing/collections");
    const entry = {
      owner_id: user.uid,
      delta: 50,
      reason: "grant" as const,
      balance_after: 50,
      content_id: null,
      job_id: null,
      note: "seed",
      created_at: at,
    };
    await db.collection(creditLedger).doc("led1").create(entry);
    await db.collection(billingEvents).doc("evt_seed1").create({
      type: "invoice.paid",
      owner_id: user.uid,
      outcome: "applied",
      summary: "seed",
      livemode: false,
      event_created_at: at,
      processed_at: at,
    });
    for (const [name, id] of [
      ["credit_ledger", "led1"],
      ["billing_events", "evt_seed1"],
    ] as const) {
      const dc = ctx({ collection: name, documentId: id });
      const open = await json(await doc.GET(req(`/api/v1/ops/data/${name}/${id}`, { token: staff.token }), dc));
      expect(open.status).toBe(200);
      expect(open.body.data.collection).toMatchObject({ read_only: true });
      const before = JSON.stringify(open.body.data.data);
      const put = await json(
        await doc.PUT(
          req(`/api/v1/ops/data/${name}/${id}`, {
            method: "PUT",
            token: staff.token,
            json: {
              version: open.body.data.version,
              data: { ...open.body.data.data, note: "edited", summary: "edited" },
            },
          }),
          dc,
        ),
      );
      expect([put.status, put.body.error.code]).toEqual([403, "forbidden"]);
      expect(put.body.error.message).toBe(open.body.data.collection.read_only_reason);
      const dry = await doc.PUT(
        req(`/api/v1/ops/data/${name}/${id}`, {
          method: "PUT",
          token: staff.token,
          json: { version: open.body.data.version, data: open.body.data.data, dry_run: true },
        }),
        dc,
      );
      expect(dry.status).toBe(403);
      const del = await doc.DELETE(
        req(`/api/v1/ops/data/${name}/${id}?version=${open.body.data.version}`, {
          method: "DELETE",
          token: staff.token,
        }),
        dc,
      );
      expect(del.status).toBe(403);
      const create = await coll.POST(
        req(`/api/v1/ops/data/${name}`, {
          method: "POST",
          token: staff.token,
          json: { id: `${id}x`, data: open.body.data.data },
        }),
        ctx({ collection: name }),
      );
      expect(create.status).toBe(403);
      const after = await json(await doc.GET(req(`/api/v1/ops/data/${name}/${id}`, { token: staff.token }), dc));
      expect(JSON.stringify(after.body.data.data)).toBe(before);
      expect(await logEntries(`${name}/${id}`)).toHaveLength(0);
      expect(await db.collectionByName(name).doc(`${id}x`).get()).toBeNull();
    }
  });

  it("a profile's credits and plan cannot be changed here (422 naming the grant action); its other fields can", async () => {
    const { users } = await import("@/lib/platform/db/collections");
    await db.collection(users).doc(user.uid).set({
      user_id: user.uid,
      email: "plain@example.com",
      name: "Plain",
      photo_url: null,
      provider: "password",
      is_staff: false,
      credits: 40,
      plan: "free",
      created_at: at,
      last_login_at: at,
    });
    const dc = ctx({ collection: "users", documentId: user.uid });
    const open = await json(await doc.GET(req(`/api/v1/ops/data/users/${user.uid}`, { token: staff.token }), dc));
    expect(open.body.data.collection.locked_fields).toEqual(
      expect.arrayContaining([
        { path: "credits", reason: expect.stringMatching(/grant/i) },
        { path: "plan", reason: expect.stringMatching(/Stripe/) },
      ]),
    );
    const put = (data: Record<string, unknown>, dryRun = false) =>
      doc
        .PUT(
          req(`/api/v1/ops/data/users/${user.uid}`, {
            method: "PUT",
            token: staff.token,
            json: { version: open.body.data.version, data: { ...open.body.data.data, ...data }, dry_run: dryRun },
          }),
          dc,
        )
        .then(json);
    for (const change of [{ credits: 1_000_000 }, { credits: -5 }, { plan: "team" }, { credits: 41, name: "Rich" }]) {
      const res = await put(change);
      expect([res.status, res.body.error.code]).toEqual([422, "unprocessable_entity"]);
      expect(res.body.error.issues.map((i: { path: string }) => i.path)).toEqual(
        Object.keys(change).filter((k) => k !== "name"),
      );
    }
    expect((await put({ credits: 999 }, true)).status).toBe(422);
    const refused = await put({ credits: 41 });
    expect(refused.body.error.issues[0].message).toMatch(/\/subscription/);
    expect((await db.collection(users).doc(user.uid).get())!.data).toMatchObject({
      credits: 40,
      plan: "free",
      name: "Plain",
    });
    expect(await logEntries(`users/${user.uid}`)).toHaveLength(0);

    const renamed = await put({ name: "Plain Jane" });
    expect(renamed.status).toBe(200);
    expect((await db.collection(users).doc(user.uid).get())!.data).toMatchObject({
      credits: 40,
      plan: "free",
      name: "Plain Jane",
    });

    // A new profile made here starts with no credits and on the free plan, like a sign-up.
    const fresh = {
      user_id: "made-here",
      email: null,
      name: null,
      photo_url: null,
      provider: "password",
      is_staff: false,
      created_at: at,
      last_login_at: at,
    };
    const rich = await json(
      await coll.POST(
        req("/api/v1/ops/data/users", {
          method: "POST",
          token: staff.token,
          json: { id: "made-here", data: { ...fresh, credits: 5000, plan: "team" } },
        }),
        ctx({ collection: "users" }),
      ),
    );
    expect(rich.status).toBe(422);
    expect(rich.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["credits", "plan"]);
    expect(await db.collection(users).doc("made-here").get()).toBeNull();
  });
});

describe("public pages follow a visibility change made here", () => {
  const cache = jest.requireMock("next/cache") as { revalidatePath: jest.Mock };
  const contentDoc = (kind: "image" | "page", visibility: "public" | "private") => ({
    owner_id: user.uid,
    kind,
    title: `A ${kind}`,
    status: "ready" as const,
    visibility,
    settings: {},
    blobs: { original: null, thumbnail: null, poster: null },
    error: null,
    created_at: at,
    updated_at: at,
  });

  it("unsharing an image or unpublishing a page drops its cached public views, as the share routes do", async () => {
    const { content } = await import("@/lib/platform/db/collections");
    await db.collection(content).doc("pub-img").create(contentDoc("image", "public"));
    await db.collection(content).doc("pub-page").create(contentDoc("page", "public"));
    for (const id of ["pub-img", "pub-page"]) {
      const dc = ctx({ collection: "content", documentId: id });
      const open = await json(await doc.GET(req(`/api/v1/ops/data/content/${id}`, { token: staff.token }), dc));
      cache.revalidatePath.mockClear();
      const dry = await doc.PUT(
        req(`/api/v1/ops/data/content/${id}`, {
          method: "PUT",
          token: staff.token,
          json: {
            version: open.body.data.version,
            data: { ...open.body.data.data, visibility: "private" },
            dry_run: true,
          },
        }),
        dc,
      );
      expect(dry.status).toBe(200);
      expect(cache.revalidatePath).not.toHaveBeenCalled();
      const res = await doc.PUT(
        req(`/api/v1/ops/data/content/${id}`, {
          method: "PUT",
          token: staff.token,
          json: { version: open.body.data.version, data: { ...open.body.data.data, visibility: "private" } },
        }),
        dc,
      );
      expect(res.status).toBe(200);
      const paths = cache.revalidatePath.mock.calls.map((c) => c[0]);
      expect(paths).toEqual(expect.arrayContaining([`/content/${id}`, `/v1/videos/${id}`, `/v0/videos/${id}`]));
      if (id === "pub-page") expect(paths).toContain(`/pages/${id}`);
    }
  });

  it("sharing from here and deleting a public item refresh too; an edit to something never public does not", async () => {
    const { content } = await import("@/lib/platform/db/collections");
    await db.collection(content).doc("priv-img").create(contentDoc("image", "private"));
    const dc = ctx({ collection: "content", documentId: "priv-img" });
    let open = await json(await doc.GET(req("/api/v1/ops/data/content/priv-img", { token: staff.token }), dc));
    cache.revalidatePath.mockClear();
    await doc.PUT(
      req("/api/v1/ops/data/content/priv-img", {
        method: "PUT",
        token: staff.token,
        json: { version: open.body.data.version, data: { ...open.body.data.data, title: "Renamed" } },
      }),
      dc,
    );
    expect(cache.revalidatePath).not.toHaveBeenCalled();
    open = await json(await doc.GET(req("/api/v1/ops/data/content/priv-img", { token: staff.token }), dc));
    await doc.PUT(
      req("/api/v1/ops/data/content/priv-img", {
        method: "PUT",
        token: staff.token,
        json: { version: open.body.data.version, data: { ...open.body.data.data, visibility: "public" } },
      }),
      dc,
    );
    expect(cache.revalidatePath).toHaveBeenCalledWith("/content/priv-img");
    open = await json(await doc.GET(req("/api/v1/ops/data/content/priv-img", { token: staff.token }), dc));
    cache.revalidatePath.mockClear();
    expect(
      (
        await doc.DELETE(
          req(`/api/v1/ops/data/content/priv-img?version=${open.body.data.version}`, {
            method: "DELETE",
            token: staff.token,
          }),
          dc,
        )
      ).status,
    ).toBe(200);
    expect(cache.revalidatePath).toHaveBeenCalledWith("/content/priv-img");
  });
});

it("lists the update log newest first with filters and cursors, exports CSV, and refuses edits", async () => {
  const { appendChange } = await import("@/lib/platform/update-log/write");
  const { systemContext } = await import("@/lib/platform/update-log/context");
  for (let i = 0; i < 3; i++)
    await appendChange(db, {
      entityType: "content",
      entityId: "c1",
      action: "update",
      before: { title: `t${i}` },
      after: { title: `t${i + 1}` },
      context: systemContext("worker:video"),
      at: new Date(Date.parse("2027-01-01T00:00:00Z") + i * 1000),
    });
  const get = async (q: string) =>
    json(await log.GET(req(`/api/v1/ops/update-log${q}`, { token: staff.token }), ctx({})));
  const page1 = await get("?entity_type=content&entity_id=c1&limit=2");
  expect(page1.status).toBe(200);
  expect(page1.body.data.map((e: { changes: { after: string }[] }) => e.changes[0]!.after)).toEqual(['"t3"', '"t2"']);
  expect(page1.body.data[0]).toMatchObject({ actor_kind: "system", source: "worker:video", href: "/content/c1" });
  const page2 = await get(`?entity_type=content&entity_id=c1&limit=2&cursor=${page1.body.next_cursor}`);
  expect(page2.body.data.map((e: { changes: { after: string }[] }) => e.changes[0]!.after)).toEqual(['"t1"']);
  expect(page2.body.next_cursor).toBeNull();
  expect((await get(`?actor=${staff.email}`)).body.data.length).toBeGreaterThanOrEqual(4);
  expect((await get("?actor=system&from=2027-01-01T00:00:01Z&to=2027-01-01")).body.data).toHaveLength(2);
  expect((await get("?actor=system&entity_type=content")).status).toBe(422);
  expect((await get("?from=2027-02-01&to=2027-01-01")).status).toBe(422);
  const csv = await (
    await log.GET(req("/api/v1/ops/update-log?format=csv&entity_id=c1", { token: staff.token }), ctx({}))
  ).text();
  expect(csv.split("\r\n").filter(Boolean)).toHaveLength(4);
  expect(csv.startsWith("created_at,actor,")).toBe(true);
  for (const m of ["POST", "PUT", "PATCH", "DELETE"] as const) expect((await log[m]()).status).toBe(405);
});

describe("each collection's edit policy, owned by its domain", () => {
  it("renaming a product recomputes name_lower (search finds it by its new name), whatever the edit sent for it", async () => {
    const { products } = await import("@/lib/creation/products/collections");
    await db.collection(products).doc("p1").create({
      owner_id: user.uid,
      name: "Plain Loaf",
      name_lower: "plain loaf",
      description: "",
      price_amount: 4.5,
      currency: "EUR",
      brand: null,
      points: [],
      image_asset_ids: [],
      link: null,
      source: "manual",
      rating: null,
      created_at: at,
      updated_at: at,
    });
    const path = "/api/v1/ops/data/products/p1";
    const params = ctx({ collection: "products", documentId: "p1" });
    const open = await json(await doc.GET(req(path, { token: staff.token }), params));
    expect(open.body.data.collection.derived_fields).toEqual(["name_lower"]);
    const { version, data } = open.body.data;
    const put = await json(
      await doc.PUT(
        req(path, {
          method: "PUT",
          token: staff.token,
          json: { version, data: { ...data, name: "Rye Sourdough", name_lower: "stale" } },
        }),
        params,
      ),
    );
    expect(put.status).toBe(200);
    expect(put.body.data.changes.map((c: { path: string }) => c.path).sort()).toEqual(["name", "name_lower"]);
    const stored = (await db.collection(products).doc("p1").get())!.data;
    expect(stored).toMatchObject({ name: "Rye Sourdough", name_lower: "rye sourdough" });
    // The owner's product search (a prefix range on name_lower) finds it by its new name.
    const { listProducts } = await import("@/lib/creation/products/service");
    const { getBlobStore } = await import("@/lib/platform/storage");
    const found = await listProducts({ db, store: getBlobStore() } as never, user.uid, { q: "rye sour" });
    expect(found.items.map((p) => p.id)).toEqual(["p1"]);
  });

  it("text round-trips as UTF-8: accents, CJK and emoji sent in bytes split mid-character come back and are logged unchanged", async () => {
    const { vibes } = await import("@/lib/platform/db/collections");
    const path = "/api/v1/ops/data/vibes/v2";
    const params = ctx({ collection: "vibes", documentId: "v2" });
    const open = await json(await doc.GET(req(path, { token: staff.token }), params));
    const { version, data } = open.body.data;
    const title = "Crème brûlée · 抹茶ラテ · Ünïcødé 🍰👩‍🍳";
    const bytes = new TextEncoder().encode(JSON.stringify({ version, data: { ...data, name: title } }));
    // Chunks of 3 bytes: most multi-byte characters are cut between two chunks.
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 3) c.enqueue(bytes.subarray(i, i + 3));
        c.close();
      },
    });
    const put = await json(
      await doc.PUT(
        req(path, {
          method: "PUT",
          token: staff.token,
          body,
          headers: { "content-type": "application/json; charset=utf-8" },
        }),
        params,
      ),
    );
    expect(put.status).toBe(200);
    expect((await db.collection(vibes).doc("v2").get())!.data.name).toBe(title);
    const again = await json(await doc.GET(req(path, { token: staff.token }), params));
    expect(again.body.data.data.name).toBe(title);
    const entries = await logEntries("vibes/v2");
    expect(entries.at(-1)!.data.changes).toEqual([{ path: "name", before: '"Vibe 2"', after: JSON.stringify(title) }]);
  });

  it("the money collections declare themselves read-only in their own domain", async () => {
    const { creditLedger } = await import("@/lib/platform/db/collections");
    const billing = await import("@/lib/money/billing/collections");
    for (const def of [creditLedger, ...billing.billingCollections])
      expect({ name: def.name, readOnly: Boolean(def.edit.readOnly) }).toEqual({ name: def.name, readOnly: true });
  });
});
