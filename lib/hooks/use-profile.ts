/**
 * The signed-in user's profile (`GET /api/v1/user-info/`). The AuthProvider
 * calls this hook and hands it the token getter, so this module does not
 * import the provider (no import cycle); screens read the profile from
 * `useAuth()`.
 */
import useSWR, { type SWRResponse } from "swr";
import { z } from "zod";
import type { Profile } from "@/lib/auth/client/types";
import { ApiClientError, apiFetch } from "@/lib/swr/fetcher";

export const PROFILE_PATH = "/api/v1/user-info/";

// The plans of Profile["plan"]; kept here so the browser bundle does not pull in lib/db.
const PLANS = ["free", "pro", "team"] as const satisfies readonly Profile["plan"][];

const profileSchema: z.ZodType<Profile> = z.object({
  user_id: z.string().min(1),
  email: z.string().nullable(),
  name: z.string().nullable(),
  photo_url: z.string().nullable(),
  provider: z.string(),
  is_staff: z.boolean(),
  credits: z.number(),
  plan: z.enum(PLANS),
  created_at: z.string(),
  last_login_at: z.string(),
});

type ProfileKey = readonly [typeof PROFILE_PATH, string];

/** Matches every profile entry in the SWR cache, e.g. to clear them at sign-out. */
export function isProfileKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === PROFILE_PATH;
}

export function useProfile(input: {
  /** The user whose profile to load; null while it must not be fetched yet. */
  uid: string | null;
  getToken: () => Promise<string | null>;
}): SWRResponse<Profile, ApiClientError> {
  const key: ProfileKey | null = input.uid ? [PROFILE_PATH, input.uid] : null;
  return useSWR<Profile, ApiClientError, ProfileKey | null>(key, async () => {
    const token = await input.getToken();
    if (!token) throw new ApiClientError({ status: 401, code: "unauthorized", message: "You are not signed in." });
    return apiFetch(PROFILE_PATH, { token, schema: profileSchema });
  });
}
