/** Phase-1 behaviour the Foundation's login route relies on, through the real `getDb()` entry point. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDb, getDb, isDbError } from "@/lib/platform/db";
import { users } from "@/lib/platform/db/collections";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pf-getdb-"));
const saved = { DATA_DIR: process.env.DATA_DIR, DB_DRIVER: process.env.DB_DRIVER };

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  process.env.DB_DRIVER = "embedded";
});
afterAll(async () => {
  await closeDb();
  Object.assign(process.env, saved);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const profile = {
  user_id: "uid_1",
  email: "a@example.com",
  name: "Ada",
  photo_url: null,
  provider: "password",
  is_staff: false,
  credits: 100,
  plan: "free" as const,
  created_at: "2026-01-02T03:04:05.000Z",
  last_login_at: "2026-01-02T03:04:05.000Z",
};

test("creates <DATA_DIR>/promptframe.sqlite in WAL mode on first use", async () => {
  await getDb().collection(users).doc("uid_1").get();
  const file = path.join(dataDir, "promptframe.sqlite");
  expect(fs.existsSync(file)).toBe(true);
  expect(fs.existsSync(`${file}-wal`)).toBe(true);
});

test("a profile round-trips through create / get / update / transaction / delete", async () => {
  const db = getDb();
  const ref = db.collection(users).doc("uid_1");
  expect(await ref.get()).toBeNull();
  await ref.create(profile);
  expect(await ref.get()).toEqual({ id: "uid_1", path: "users/uid_1", data: profile });

  await ref.update({ credits: 90 });
  expect((await ref.get())?.data.credits).toBe(90);

  const seen = await db.runTransaction(async (tx) => {
    const s = await tx.get(ref);
    tx.set(ref, { ...s!.data, last_login_at: "2026-02-01T00:00:00+01:00" });
    return s!.data.credits;
  });
  expect(seen).toBe(90);
  // Offsets are normalised to UTC so stored instants sort as text.
  expect((await ref.get())?.data.last_login_at).toBe("2026-01-31T23:00:00.000Z");

  await ref.delete();
  expect(await ref.get()).toBeNull();
});

test("create on an existing profile fails with already-exists and leaves it untouched", async () => {
  const ref = getDb().collection(users).doc("uid_2");
  await ref.create({ ...profile, user_id: "uid_2" });
  const err = await ref.create({ ...profile, user_id: "uid_2", credits: 5 }).catch((e: unknown) => e);
  expect(isDbError(err, "already-exists")).toBe(true);
  expect((await ref.get())?.data.credits).toBe(100);
});

test("a profile that fails the schema is rejected with invalid-document and nothing is written", async () => {
  const ref = getDb().collection(users).doc("uid_3");
  const err = await ref.set({ ...profile, credits: 1.5 }).catch((e: unknown) => e);
  expect(isDbError(err, "invalid-document")).toBe(true);
  expect((err as { details: { issues: { path: string }[] } }).details.issues[0]?.path).toBe("credits");
  expect(await ref.get()).toBeNull();
});
