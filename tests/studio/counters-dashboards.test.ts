/**
 * The screens that read the store's counters show what a scan of the data
 * shows: the layout library and a layout's page (usage), the template
 * library and a template's page (usage per version), the templates
 * dashboard (content, last use, daily series), and the chat's count_content;
 * after creates, edits that move content between templates, layouts and
 * statuses, deletes, and an account deletion (which deletes through the
 * store's paged batches, not through any domain's delete).
 */
import { compositions } from "@/lib/engine/composition/collections";
import { ensureStarterLibrary, getTemplateVersion } from "@/lib/engine/composition/library";
import { CONTENT_KINDS, CONTENT_STATUSES, content } from "@/lib/platform/db/collections";
import { countContent } from "@/lib/operations/chat/tools";
import { deleteAccountData } from "@/lib/creation/account/delete";
import { getLayout, listLayouts } from "@/lib/studio/layouts/service";
import { templateDashboard } from "@/lib/studio/templates/dashboard";
import { sampleComposition } from "@/lib/studio/templates/sample";
import { getTemplateDetail, listTemplates } from "@/lib/studio/templates/service";
import { openTestEnv, type TestEnv } from "@/tests/support/data-env";

let env: TestEnv;
const now = new Date("2026-11-23T10:00:00.000Z");
beforeEach(async () => {
  env = openTestEnv();
  await ensureStarterLibrary(env.db, now);
});
afterEach(() => env.close());

let seed = 11;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

async function composition(id: string, owner: string) {
  const templateId = pick(["starter-bold", "starter-elegant"]);
  const tv = (await getTemplateVersion(env.db, templateId, 1))!;
  const ids = tv.layouts.map((l) => l.id);
  const at = new Date(now.getTime() - Math.floor(rand() * 40) * 86_400_000 - Math.floor(rand() * 86_400_000));
  return {
    ...sampleComposition({
      templateId,
      version: 1,
      body: tv,
      ratio: "1:1",
      layoutIds: Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(ids)),
    }),
    owner_id: owner,
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}

function item(owner: string) {
  return {
    owner_id: owner,
    kind: pick(CONTENT_KINDS),
    title: "t",
    status: pick(CONTENT_STATUSES),
    visibility: "private" as const,
    settings: {},
    blobs: { original: null, thumbnail: null, poster: null },
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

async function expectScreensMatchScan() {
  const all = (await env.db.collection(compositions).get()).map((r) => r.data);
  const deps = { db: env.db, store: env.store };

  const layoutsList = await listLayouts(deps);
  expect(layoutsList.some((l) => l.usage > 0)).toBe(true);
  for (const l of layoutsList) {
    const scanned = all.filter((c) => c.scenes.some((s) => s.layout_id === l.id)).length;
    expect({ id: l.id, usage: l.usage }).toEqual({ id: l.id, usage: scanned });
  }
  const one = layoutsList.find((l) => l.usage > 0)!;
  expect((await getLayout(deps, one.id)).usage).toBe(one.usage);

  for (const t of await listTemplates(deps)) {
    const scanned = all.filter((c) => c.template.id === t.id);
    expect({ id: t.id, usage: t.usage }).toEqual({ id: t.id, usage: scanned.length });
    const detail = await getTemplateDetail(deps, t.id);
    for (const v of detail.versions)
      expect(v.usage).toBe(scanned.filter((c) => c.template.version === v.version).length);
  }

  const dash = await templateDashboard({ db: env.db, now: () => now });
  for (const r of dash.rows) {
    const mine = all.filter((c) => c.template.id === r.id);
    expect(r.content).toBe(mine.length);
    expect(r.last_used).toBe(
      mine
        .map((c) => c.created_at)
        .sort()
        .at(-1) ?? null,
    );
    for (const d of dash.days)
      expect(d.content[r.id] ?? 0).toBe(mine.filter((c) => c.created_at.slice(0, 10) === d.day).length);
  }

  for (const kind of [undefined, ...CONTENT_KINDS])
    for (const status of [undefined, ...CONTENT_STATUSES]) {
      const scanned = (await env.db.collection(content).get()).filter(
        (c) => (!kind || c.data.kind === kind) && (!status || c.data.status === status),
      ).length;
      expect({ kind, status, count: (await countContent(env.db, { kind, status })).count }).toEqual({
        kind,
        status,
        count: scanned,
      });
    }
}

it("show the numbers a scan gives, after creates, edits, deletes and an account deletion", async () => {
  for (let i = 0; i < 40; i++) {
    const owner = pick(["alice", "bob"]);
    await env.db
      .collection(compositions)
      .doc(`c${i}`)
      .create(await composition(`c${i}`, owner));
    await env.db.collection(content).doc(`c${i}`).create(item(owner));
  }
  await expectScreensMatchScan();

  // Edits: a composition moved to other layouts and template, content moved between statuses (in a transaction
  // and without reading first), some deleted.
  for (let i = 0; i < 15; i++) {
    const id = `c${Math.floor(rand() * 40)}`;
    const other = await composition(id, "x");
    await env.db.collection(compositions).doc(id).update({ scenes: other.scenes, template: other.template });
    await env.db.runTransaction(async (tx) => {
      const snap = await tx.get(env.db.collection(content).doc(id));
      if (snap) tx.update(env.db.collection(content).doc(id), { status: pick(CONTENT_STATUSES) });
    });
    await env.db
      .collection(content)
      .doc(`c${Math.floor(rand() * 40)}`)
      .update({ kind: pick(CONTENT_KINDS) });
  }
  for (let i = 0; i < 5; i++)
    await env.db
      .collection(compositions)
      .doc(`c${i * 7}`)
      .delete();
  await expectScreensMatchScan();

  // Alice deletes her account: her compositions and content go through the account deletion's batches.
  expect(await env.db.collection(content).where("owner_id", "==", "alice").count()).toBeGreaterThan(0);
  await deleteAccountData(
    { db: env.db, store: env.store, auth: { revokeRefreshTokens: jest.fn(), deleteUser: jest.fn() } },
    "alice",
  );
  expect(await env.db.collection(content).where("owner_id", "==", "alice").count()).toBe(0);
  expect((await env.db.collection(compositions).get()).every((c) => c.data.owner_id !== "alice")).toBe(true);
  await expectScreensMatchScan();
});
