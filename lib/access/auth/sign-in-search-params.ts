/**
 * Query parameters of the sign-in screens, parsed at the page boundary on the
 * server, so the schema library stays out of the screens' browser bundle.
 * `next` is only ever used through `safeNextPath`, so any value is accepted
 * here and made safe where it is followed.
 */
import "server-only";
import { z } from "zod";
import { EMAIL_LOGIN_MODES } from "./sign-in-params";

const firstValue = (v: unknown) => (Array.isArray(v) ? v[0] : v);

export const signInSearchParamsSchema = z.object({
  next: z.preprocess(firstValue, z.string().optional()).catch(undefined),
  mode: z.preprocess(firstValue, z.enum(EMAIL_LOGIN_MODES)).catch("sign-in"),
});

export type SignInSearchParams = z.output<typeof signInSearchParamsSchema>;
