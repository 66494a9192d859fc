/**
 * Staff accounts for the ops route tests: an emulator account on the company
 * domain with a verified email (set with the emulator's owner credential),
 * and its ID token.
 */
import { randomUUID } from "node:crypto";
import type { TestUser } from "./image-library.support";

const emulator = () => process.env.FIREBASE_AUTH_EMULATOR_HOST!;
const url = (op: string) => `http://${emulator()}/identitytoolkit.googleapis.com/v1/${op}?key=demo-api-key`;

async function post(op: string, body: unknown, owner = false): Promise<Record<string, unknown>> {
  const res = await fetch(url(op), {
    method: "POST",
    headers: { "content-type": "application/json", ...(owner ? { authorization: "Bearer owner" } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`emulator ${op} failed: ${JSON.stringify(json)}`);
  return json;
}

export async function newStaff(label = "staff"): Promise<TestUser & { email: string }> {
  const email = `${label}.${randomUUID().slice(0, 8)}@promptframe.ai`;
  const password = "secret-pass-1";
  const up = await post("accounts:signUp", { email, password, returnSecureToken: true });
  await post("accounts:update", { localId: up.localId, emailVerified: true }, true);
  const signed = await post("accounts:signInWithPassword", { email, password, returnSecureToken: true });
  return { uid: String(up.localId), token: String(signed.idToken), email };
}
