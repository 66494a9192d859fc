/**
 * Creates (or resets) the two ready accounts of the embedded default in the
 * Auth emulator and prints them. Refuses to run against a real project.
 */
import { initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { SEED_ACCOUNTS } from "../tests/support/seed-accounts";

async function main() {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error("seed-accounts only runs against the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST is not set).");
  }
  initializeApp({ projectId: process.env.FIREBASE_PROJECT_ID ?? "demo-promptframe" });
  const auth = getAuth();
  for (const account of Object.values(SEED_ACCOUNTS)) {
    const props = {
      email: account.email,
      password: account.password,
      displayName: account.name,
      emailVerified: account.emailVerified,
    };
    try {
      await auth.updateUser(account.uid, props);
    } catch {
      await auth.createUser({ uid: account.uid, ...props });
    }
  }
  const { user, staff } = SEED_ACCOUNTS;
  console.log(
    [
      "",
      "  Ready accounts (Auth emulator):",
      `    user   ${user.email.padEnd(24)} password: ${user.password}`,
      `    staff  ${staff.email.padEnd(24)} password: ${staff.password}   (verified company email: internal area)`,
      "",
    ].join("\n"),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
