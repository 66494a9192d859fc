import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { revokedSessions } from "@/lib/access/auth/collections";
import { allCollections } from "@/lib/registry/collections";
import { Db } from "@/lib/platform/db/db";
import { EmbeddedDriver } from "@/lib/platform/db/embedded/embedded-driver";
import { isSessionRevoked, pruneRevokedSessions, revokeSession, sessionKey } from "./revoked-sessions";

const dir = mkdtempSync(path.join(tmpdir(), "pf-revoked-"));
const db = new Db(
  new EmbeddedDriver({ file: path.join(dir, "t.sqlite"), collections: allCollections }),
  allCollections,
);
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.parse("2026-11-01T00:00:00Z");
const at = (s: number) => new Date(T0 + s * 1000);
const epoch = (s: number) => Math.floor((T0 + s * 1000) / 1000);

it("keys entries by the cookie's hash, never the cookie itself", async () => {
  await revokeSession(db, { token: "cookie-a", expiresAtS: epoch(3600), now: at(0) });
  expect(sessionKey("cookie-a")).toMatch(/^[0-9a-f]{64}$/);
  const stored = await db.collection(revokedSessions).listDocumentIds();
  expect(stored).toContain(sessionKey("cookie-a"));
  expect(JSON.stringify(stored)).not.toContain("cookie-a");
  expect(await isSessionRevoked(db, "cookie-a")).toBe(true);
  expect(await isSessionRevoked(db, "cookie-b")).toBe(false);
});

it("keeps an entry until its cookie expires, then the next recording prunes it", async () => {
  await revokeSession(db, { token: "short", expiresAtS: epoch(60), now: at(0) });
  await revokeSession(db, { token: "long", expiresAtS: epoch(7200), now: at(0) });
  expect(await isSessionRevoked(db, "short")).toBe(true);
  // An hour later "short" has expired (refused for its age anyway): recording another cookie drops it.
  await revokeSession(db, { token: "later", expiresAtS: epoch(9000), now: at(3600) });
  expect(await isSessionRevoked(db, "short")).toBe(false);
  expect(await isSessionRevoked(db, "long")).toBe(true);
  expect(await isSessionRevoked(db, "later")).toBe(true);
});

it("records nothing for a cookie that has already expired, and prunes in bounded pages", async () => {
  await revokeSession(db, { token: "stale", expiresAtS: epoch(10), now: at(20) });
  expect(await isSessionRevoked(db, "stale")).toBe(false);
  for (let i = 0; i < 5; i++)
    await db
      .collection(revokedSessions)
      .doc(sessionKey(`old-${i}`))
      .set({ expires_at: at(1).toISOString(), revoked_at: at(0).toISOString() });
  const before = (await db.collection(revokedSessions).listDocumentIds()).length;
  const pages: number[] = [];
  for (let n = -1; n !== 0; ) pages.push((n = await pruneRevokedSessions(db, at(100_000), 3)));
  // Every entry here has expired by then: they all go, at most three per call.
  expect(pages.every((n) => n <= 3)).toBe(true);
  expect(pages.reduce((a, b) => a + b, 0)).toBe(before);
  expect(await db.collection(revokedSessions).listDocumentIds()).toEqual([]);
});
