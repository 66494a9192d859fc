/**
 * Shared by the image-library route tests: emulator accounts with real ID
 * tokens, requests shaped like Next's, and the route context.
 *
 * The test files also swap `getDb` for one whose registry includes
 * lib/platform/db/collections-library.ts (a no-op once those are in allCollections).
 */
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST!;

export interface TestUser {
  uid: string;
  token: string;
}

export async function newUser(label: string): Promise<TestUser> {
  const res = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `${label}.${randomUUID().slice(0, 8)}@example.com`,
      password: "secret-pass-1",
      returnSecureToken: true,
    }),
  });
  const body = (await res.json()) as { idToken?: string; localId?: string };
  if (!body.idToken || !body.localId) throw new Error(`emulator sign-up failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, token: body.idToken };
}

export function req(
  url: string,
  init: { method?: string; token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
): NextRequest {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body = init.body;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  }
  return new NextRequest(new URL(url, "http://localhost:3000"), { method: init.method ?? "GET", headers, body });
}

export const noParams = { params: Promise.resolve({}) };
export const withId = (id: string) => ({ params: Promise.resolve({ id }) });

export async function json(res: Response): Promise<{ status: number; body: any }> {
  return { status: res.status, body: await res.json() };
}
