/**
 * Query parameters of the sign-in screens, parsed at the page boundary.
 * `next` is only ever used through `safeNextPath`, so any value is accepted
 * here and made safe where it is followed.
 */
import { z } from "zod";
import { safeNextPath } from "@/lib/routes/access";

export const EMAIL_LOGIN_MODES = ["sign-in", "sign-up", "reset"] as const;
export type EmailLoginMode = (typeof EMAIL_LOGIN_MODES)[number];

const firstValue = (v: unknown) => (Array.isArray(v) ? v[0] : v);

export const signInSearchParamsSchema = z.object({
  next: z.preprocess(firstValue, z.string().optional()).catch(undefined),
  mode: z.preprocess(firstValue, z.enum(EMAIL_LOGIN_MODES)).catch("sign-in"),
});

export type SignInSearchParams = z.output<typeof signInSearchParamsSchema>;

/** A link to another sign-in screen that keeps a (safe) `next`. */
export function signInHref(path: string, next: string | null | undefined): string {
  const target = safeNextPath(next);
  return target === "/" ? path : `${path}?next=${encodeURIComponent(target)}`;
}
