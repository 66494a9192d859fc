/**
 * What the sign-in screens share with the browser: the modes of
 * /email-login and links between the screens. No schema library here: this
 * module is in the sign-in screens' bundle. Their query parameters are parsed
 * on the server (./sign-in-search-params.ts).
 */
import { safeNextPath } from "@/lib/access/routes/access";

export const EMAIL_LOGIN_MODES = ["sign-in", "sign-up", "reset"] as const;
export type EmailLoginMode = (typeof EMAIL_LOGIN_MODES)[number];

/** A link to another sign-in screen that keeps a (safe) `next`. */
export function signInHref(path: string, next: string | null | undefined): string {
  const target = safeNextPath(next);
  return target === "/" ? path : `${path}?next=${encodeURIComponent(target)}`;
}
