/**
 * Creates (or resets) the two ready accounts of the embedded default in the
 * Auth emulator and prints them. Refuses to run against a real project.
 *
 * Their uids are random, made once per data folder and kept in
 * DATA_DIR/seed-accounts.json: emulator mode trusts unsigned tokens, and a
 * staff uid everyone knows would make a forged staff session a matter of
 * typing it. Kept, so that the data folder's documents stay theirs even when
 * the emulator lost its accounts (a start that ended without its export).
 * An account that already exists under the address keeps its uid.
 */
import { randomInt } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { initializeApp } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import { SEED_ACCOUNTS } from "../tests/support/seed-accounts";

export interface SeedAccount {
  email: string;
  password: string;
  name: string;
  emailVerified: boolean;
}

type Role = "user" | "staff";

const UID_FILE = "seed-accounts.json";
/** The fixed uids older versions gave these accounts. */
const WELL_KNOWN_UIDS = new Set(["seed-user", "seed-staff"]);
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** 28 letters and digits, like the uids Firebase makes (166 bits). */
function randomUid(): string {
  return Array.from({ length: 28 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}

function storedUids(dataDir: string): Partial<Record<Role, string>> {
  const file = path.join(dataDir, UID_FILE);
  if (!existsSync(file)) return {};
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    const pick = (v: unknown) => (typeof v === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(v) ? v : undefined);
    return { user: pick(parsed.user), staff: pick(parsed.staff) };
  } catch {
    return {};
  }
}

async function existingUid(auth: Auth, email: string): Promise<string | null> {
  try {
    return (await auth.getUserByEmail(email)).uid;
  } catch (err) {
    if ((err as { code?: string }).code === "auth/user-not-found") return null;
    throw err;
  }
}

/** Creates or resets each account; answers the uid of each role. */
export async function seedAccounts(
  auth: Auth,
  accounts: Record<Role, SeedAccount>,
  dataDir: string,
): Promise<Record<Role, string>> {
  const stored = storedUids(dataDir);
  const uids = {} as Record<Role, string>;
  for (const role of ["user", "staff"] as const) {
    const a = accounts[role];
    const props = { email: a.email, password: a.password, displayName: a.name, emailVerified: a.emailVerified };
    const existing = await existingUid(auth, a.email);
    const uid = existing ?? stored[role] ?? randomUid();
    if (existing) await auth.updateUser(uid, props);
    else await auth.createUser({ uid, ...props });
    uids[role] = uid;
  }
  writeFileSync(path.join(dataDir, UID_FILE), `${JSON.stringify(uids, null, 2)}\n`, { mode: 0o600 });
  return uids;
}

async function main() {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error("seed-accounts only runs against the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST is not set).");
  }
  initializeApp({ projectId: process.env.FIREBASE_PROJECT_ID ?? "demo-promptframe" });
  const dataDir = process.env.DATA_DIR ?? ".data";
  const uids = await seedAccounts(getAuth(), SEED_ACCOUNTS, dataDir);
  const { user, staff } = SEED_ACCOUNTS;
  const lines = [
    "",
    "  Ready accounts (Auth emulator):",
    `    user   ${user.email.padEnd(24)} password: ${user.password}`,
    `    staff  ${staff.email.padEnd(24)} password: ${staff.password}   (verified company email: internal area)`,
    "",
  ];
  if (Object.values(uids).some((uid) => WELL_KNOWN_UIDS.has(uid))) {
    lines.push(
      `  Note: this data folder's ready accounts keep the fixed uids of an older version (${Object.values(uids).join(", ")}).`,
      `  That only matters if you serve emulator mode beyond this computer; a new data folder gets random ones.`,
      "",
    );
  }
  console.log(lines.join("\n"));
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
