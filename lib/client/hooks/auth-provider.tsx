"use client";

/**
 * The browser's auth state (spec section 4) behind `useAuth()`.
 *
 * Firebase holds the identity; the server holds the session (HttpOnly
 * cookies set by the login route). A user counts as signed in only once both
 * agree: during an explicit sign-in the Firebase user stays hidden until the
 * backend login has succeeded, and a user restored on a sign-in screen (where
 * the middleware only lets people without a valid session cookie in) is held
 * in "loading" while the session is re-created.
 */
import {
  GoogleAuthProvider,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut as firebaseSignOut,
  updateProfile,
  type User,
  type UserCredential,
} from "firebase/auth";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useSWRConfig } from "swr";
import { PROFILE_FETCH_DELAY_MS } from "@/lib/platform/constants";
import { isProfileKey, useProfile } from "@/lib/client/hooks/use-profile";
import { identifyUser, resetAnalytics } from "@/lib/client/observability/analytics";
import { reportError } from "@/lib/client/observability/report-error";
import { isPublicPath, isSignInPath } from "@/lib/access/routes/access";
import { toAuthError } from "@/lib/client/auth/errors";
import { firebaseAuth } from "@/lib/client/auth/firebase";
import { createPopupGuard, type PopupGuard } from "@/lib/client/auth/popup";
import { endServerSession, isSigningOut, markSigningOut, startServerSession } from "@/lib/client/auth/session";
import { freshIdToken } from "@/lib/client/auth/token";
import type { AuthContextValue, AuthStatus, AuthUser } from "@/lib/access/auth/types";

const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth() must be used inside <AuthProvider>.");
  return value;
}

function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    photoURL: user.photoURL,
  };
}

const signOutOfFirebase = () => firebaseSignOut(firebaseAuth());

/**
 * What a provider knew, carried to the next one within the same page load.
 * The signed-in, staff and sign-in layouts each mount their own provider, so
 * moving between them remounts it; without this the new one would show the
 * spinner again and wait another PROFILE_FETCH_DELAY_MS for a profile that is
 * already loaded. A full page load starts from scratch, as the spec describes.
 */
const carried = {
  resolved: false,
  user: null as AuthUser | null,
  profileUid: null as string | null,
  identifiedUid: null as string | null,
  resumedUids: new Set<string>(),
};

export function AuthProvider({ children }: { children: ReactNode }) {
  const { mutate } = useSWRConfig();
  const [user, setUser] = useState<AuthUser | null>(carried.user);
  const [resolved, setResolved] = useState(carried.resolved);
  const [resuming, setResuming] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  /** The uid whose profile may be fetched: set PROFILE_FETCH_DELAY_MS after sign-in. */
  const [profileUid, setProfileUid] = useState<string | null>(carried.profileUid);

  // Refs, because the Firebase listener outlives renders.
  const explicitSignIns = useRef(0);
  const resumedUids = useRef(carried.resumedUids);
  const popupGuard = useRef<PopupGuard | null>(null);

  useEffect(() => {
    carried.resolved = resolved;
    carried.user = user;
    carried.profileUid = profileUid;
  }, [resolved, user, profileUid]);

  useEffect(() => {
    return onAuthStateChanged(firebaseAuth(), (next) => {
      setUser(next ? toAuthUser(next) : null);
      // The next sign-in waits PROFILE_FETCH_DELAY_MS again, even as the same user.
      if (!next) setProfileUid(null);
      // A restored user on a sign-in screen has no valid session cookie (the
      // middleware would have sent them on): re-create it once, or sign out.
      if (
        next &&
        explicitSignIns.current === 0 &&
        isSignInPath(window.location.pathname) &&
        !resumedUids.current.has(next.uid)
      ) {
        resumedUids.current.add(next.uid);
        setResuming(true);
        startServerSession({ user: next, signOut: signOutOfFirebase })
          .catch((error: unknown) => reportError(error, "auth: resume session"))
          .finally(() => setResuming(false));
      }
      setResolved(true);
    });
  }, []);

  const status: AuthStatus = !resolved || resuming ? "loading" : user && !signingIn ? "signed-in" : "signed-out";
  const signedInUid = status === "signed-in" ? (user?.uid ?? null) : null;

  useEffect(() => {
    if (!signedInUid) return;
    const timer = setTimeout(() => setProfileUid(signedInUid), PROFILE_FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedInUid]);

  const getIdToken = useCallback(async (): Promise<string | null> => {
    const current = firebaseAuth().currentUser;
    return current ? freshIdToken(current) : null;
  }, []);

  const profileReady = signedInUid !== null && profileUid === signedInUid;
  const profileQuery = useProfile({ uid: profileReady ? signedInUid : null, getToken: getIdToken });
  const profile = profileReady ? (profileQuery.data ?? null) : null;
  const profileSettled = profileReady && (profileQuery.data !== undefined || profileQuery.error !== undefined);
  const profileLoading = status === "signed-in" && !profileSettled;

  useEffect(() => {
    if (profile && carried.identifiedUid !== profile.user_id) {
      carried.identifiedUid = profile.user_id;
      void identifyUser(profile);
    }
  }, [profile]);

  const profileError = profileReady ? profileQuery.error : undefined;
  useEffect(() => {
    if (profileError) reportError(profileError, "auth: profile");
  }, [profileError]);

  /**
   * The sign-in sequence: Firebase sign-in, optional account set-up, then the
   * backend login; any failure leaves the user signed out and rejects with an
   * AuthError that says why.
   */
  const runSignIn = useCallback(
    async (input: {
      label: string;
      firebaseSignIn: () => Promise<UserCredential>;
      afterSignIn?: (user: User) => Promise<void>;
      forceRefresh?: boolean;
    }): Promise<void> => {
      explicitSignIns.current += 1;
      setSigningIn(true);
      try {
        const { user: signedIn } = await input.firebaseSignIn();
        if (input.afterSignIn) {
          try {
            await input.afterSignIn(signedIn);
          } catch (error) {
            await signOutOfFirebase().catch((e: unknown) => reportError(e, "auth: sign out after failed sign-in"));
            throw error;
          }
        }
        await startServerSession({ user: signedIn, signOut: signOutOfFirebase, forceRefresh: input.forceRefresh });
        // The listener saw the user before a display name was set.
        setUser(toAuthUser(signedIn));
      } catch (error) {
        const authError = toAuthError(error);
        reportError(authError, `auth: ${input.label}`);
        throw authError;
      } finally {
        explicitSignIns.current -= 1;
        setSigningIn(explicitSignIns.current > 0);
      }
    },
    [],
  );

  const signInWithGoogle = useCallback(() => {
    popupGuard.current ??= createPopupGuard(window);
    const guard = popupGuard.current;
    return runSignIn({
      label: "google sign-in",
      firebaseSignIn: () => {
        const provider = new GoogleAuthProvider();
        provider.setCustomParameters({ prompt: "select_account" });
        return guard.run(() => signInWithPopup(firebaseAuth(), provider));
      },
    });
  }, [runSignIn]);

  const signInWithEmail = useCallback(
    (email: string, password: string) =>
      runSignIn({
        label: "email sign-in",
        firebaseSignIn: () => signInWithEmailAndPassword(firebaseAuth(), email, password),
      }),
    [runSignIn],
  );

  const signUpWithEmail = useCallback(
    ({ email, password, name }: { email: string; password: string; name?: string }) => {
      const displayName = name?.trim() || null;
      return runSignIn({
        label: "email sign-up",
        firebaseSignIn: () => createUserWithEmailAndPassword(firebaseAuth(), email, password),
        afterSignIn: async (created) => {
          // The account exists by now; a missing name or verification email
          // must not block the first sign-in, so these only get reported.
          if (displayName) {
            await updateProfile(created, { displayName }).catch((e: unknown) =>
              reportError(e, "auth: set display name"),
            );
          }
          await sendEmailVerification(created).catch((e: unknown) => reportError(e, "auth: send verification email"));
        },
        // A fresh token carries the new display name to the profile.
        forceRefresh: displayName !== null,
      });
    },
    [runSignIn],
  );

  const sendPasswordReset = useCallback(async (email: string) => {
    try {
      await sendPasswordResetEmail(firebaseAuth(), email);
    } catch (error) {
      const authError = toAuthError(error);
      reportError(authError, "auth: password reset");
      throw authError;
    }
  }, []);

  const signOut = useCallback(async () => {
    markSigningOut(true);
    try {
      await endServerSession();
    } catch (error) {
      reportError(error, "auth: logout call");
    }
    try {
      await signOutOfFirebase();
    } catch (error) {
      reportError(error, "auth: firebase sign out");
    }
    await resetAnalytics();
    carried.identifiedUid = null;
    await mutate(isProfileKey, undefined, { revalidate: false });
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load drops the signed-out app's state
    if (!isPublicPath(window.location.pathname)) window.location.assign("/login");
    else markSigningOut(false); // staying on a public page: nothing left to race
  }, [mutate]);

  // The server refused this browser's sign-in (every session ended from another
  // device, the account deleted): sign this browser out as well, to /login.
  const sessionEnded = profileError?.status === 401;
  useEffect(() => {
    if (sessionEnded && !isSigningOut()) void signOut();
  }, [sessionEnded, signOut]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user: status === "signed-in" ? user : null,
      profile,
      profileLoading,
      signInWithGoogle,
      signInWithEmail,
      signUpWithEmail,
      sendPasswordReset,
      signOut,
      getIdToken,
    }),
    [
      status,
      user,
      profile,
      profileLoading,
      signInWithGoogle,
      signInWithEmail,
      signUpWithEmail,
      sendPasswordReset,
      signOut,
      getIdToken,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
