/** The browser's view of authentication: the contract between the auth provider and the screens. */
import { z } from "zod";

export type AuthStatus = "loading" | "signed-in" | "signed-out";

export interface AuthUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
}

/** The user profile as `GET /api/v1/user-info/` returns it (`data`). */
export const profileSchema = z
  .object({
    user_id: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    photo_url: z.string().nullable(),
    provider: z.string(),
    is_staff: z.boolean(),
    credits: z.number(),
    plan: z.enum(["free", "pro", "team"]),
    created_at: z.string(),
    last_login_at: z.string(),
    /** The new account's free credits: pending until the email is verified, refused when the address already had them. */
    signup_credits: z.enum(["granted", "pending", "refused"]).optional(),
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof profileSchema>;

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  profile: Profile | null;
  /** True from sign-in until the profile has been fetched (spec section 4). */
  profileLoading: boolean;
  signInWithGoogle(): Promise<void>;
  /** Rejects with an AuthError; the email screens show its message. */
  signInWithEmail(email: string, password: string): Promise<void>;
  signUpWithEmail(input: { email: string; password: string; name?: string }): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  signOut(): Promise<void>;
  /** A fresh ID token (refreshed when it expires within the refresh window), for API calls. */
  getIdToken(): Promise<string | null>;
}
