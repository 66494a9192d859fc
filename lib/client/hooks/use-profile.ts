/**
 * The signed-in user's profile (`GET /api/v1/user-info/`). The AuthProvider
 * calls this hook and hands it the token getter, so this module does not
 * import the provider (no import cycle); screens read the profile from
 * `useAuth()`.
 */
import useSWR, { type SWRResponse } from "swr";
import type { Profile } from "@/lib/access/auth/types";
import { ApiClientError, apiFetch, type DataSchema } from "@/lib/client/api";

export const PROFILE_PATH = "/api/v1/user-info/";

// The plans of Profile["plan"]; kept here so the browser bundle does not pull in lib/platform/db.
const PLANS: readonly string[] = ["free", "pro", "team"] satisfies readonly Profile["plan"][];

const isString = (v: unknown): v is string => typeof v === "string";
const isNullableString = (v: unknown): v is string | null => v === null || typeof v === "string";

/**
 * Reads a profile out of the API's `data`: every field of `Profile` with its
 * type, anything else dropped. A hand check rather than zod, because the
 * AuthProvider (and so this module) is in the sign-in screens' bundle, where
 * the schema library would outweigh everything else they load.
 */
export function readProfile(data: unknown): Profile | null {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const d = data as Record<string, unknown>;
  if (
    !isString(d.user_id) ||
    d.user_id.length === 0 ||
    !isNullableString(d.email) ||
    !isNullableString(d.name) ||
    !isNullableString(d.photo_url) ||
    !isString(d.provider) ||
    typeof d.is_staff !== "boolean" ||
    typeof d.credits !== "number" ||
    !Number.isFinite(d.credits) ||
    !isString(d.plan) ||
    !PLANS.includes(d.plan) ||
    !isString(d.created_at) ||
    !isString(d.last_login_at)
  ) {
    return null;
  }
  return {
    user_id: d.user_id,
    email: d.email,
    name: d.name,
    photo_url: d.photo_url,
    provider: d.provider,
    is_staff: d.is_staff,
    credits: d.credits,
    plan: d.plan as Profile["plan"],
    created_at: d.created_at,
    last_login_at: d.last_login_at,
  };
}

const profileSchema: DataSchema<Profile> = {
  safeParse(data) {
    const profile = readProfile(data);
    return profile ? { success: true, data: profile } : { success: false, error: new Error("not a profile") };
  },
};

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
