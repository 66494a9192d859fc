/**
 * `npm start`'s ready accounts, seeded into the real Auth emulator the Jest
 * run uses. Addresses are unique to this run (the emulator is shared).
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { seedAccounts, type SeedAccount } from "./seed-accounts";

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const auth = getAuth(
  getApps()[0] ?? initializeApp({ projectId: process.env.FIREBASE_PROJECT_ID ?? "demo-promptframe" }),
);
const dirs: string[] = [];

function accounts(tag: string): Record<"user" | "staff", SeedAccount> {
  return {
    user: {
      email: `seed.user.${tag}.${RUN}@example.com`,
      password: "promptframe-user",
      name: "Uma User",
      emailVerified: true,
    },
    staff: {
      email: `seed.staff.${tag}.${RUN}@promptframe.ai`,
      password: "promptframe-staff",
      name: "Sam Staff",
      emailVerified: true,
    },
  };
}

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pf-seed-"));
  dirs.push(dir);
  return dir;
}

afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

it("gives the seed accounts random uids, kept per data folder, never the well-known ones", async () => {
  const dir = dataDir();
  const set = accounts("a");
  const first = await seedAccounts(auth, set, dir);
  for (const role of ["user", "staff"] as const) {
    expect(first[role]).toMatch(/^[A-Za-z0-9]{28}$/);
    const account = await auth.getUser(first[role]);
    expect(account.email).toBe(set[role].email);
    expect(account.emailVerified).toBe(true);
  }
  expect(first.user).not.toBe(first.staff);
  const file = path.join(dir, "seed-accounts.json");
  expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(first);
  expect(statSync(file).mode & 0o077).toBe(0);

  // Again (every start): the same accounts.
  expect(await seedAccounts(auth, set, dir)).toEqual(first);

  // The emulator lost its accounts (a start that ended without its export): the same uids come back,
  // so the data folder's documents still belong to them.
  await auth.deleteUsers([first.user, first.staff]);
  expect(await seedAccounts(auth, set, dir)).toEqual(first);
  expect((await auth.getUser(first.staff)).email).toBe(set.staff.email);
});

it("another data folder gets other uids; an account that already exists keeps its own", async () => {
  const other = await seedAccounts(auth, accounts("b"), dataDir());
  const again = await seedAccounts(auth, accounts("c"), dataDir());
  expect(other.staff).not.toBe(again.staff);

  const existing = await auth.createUser({ email: accounts("d").staff.email, password: "old-password-1" });
  const seeded = await seedAccounts(auth, accounts("d"), dataDir());
  expect(seeded.staff).toBe(existing.uid);
  // Reset to the documented password and verified state.
  expect((await auth.getUser(existing.uid)).emailVerified).toBe(true);
});
