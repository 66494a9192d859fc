import { renderToStaticMarkup } from "react-dom/server";
import type { AuthContextValue, Profile } from "@/lib/access/auth/types";
import { AuthGate, gateDecision } from "./auth-gate";

let auth: AuthContextValue;
jest.mock("@/lib/client/hooks/auth-provider", () => ({ useAuth: () => auth }));

const profile = (is_staff: boolean): Profile => ({
  user_id: "u1",
  email: "ada@example.com",
  name: null,
  photo_url: null,
  provider: "password",
  is_staff,
  credits: 0,
  plan: "free",
  created_at: "2026-01-01T00:00:00Z",
  last_login_at: "2026-01-01T00:00:00Z",
});

function state(partial: Partial<AuthContextValue>): AuthContextValue {
  const noop = async () => {};
  return {
    status: "signed-in",
    user: { uid: "u1", email: "ada@example.com", emailVerified: true, displayName: null, photoURL: null },
    profile: null,
    profileLoading: false,
    signInWithGoogle: noop,
    signInWithEmail: noop,
    signUpWithEmail: noop,
    sendPasswordReset: noop,
    signOut: noop,
    getIdToken: async () => null,
    ...partial,
  };
}

const render = (requireStaff = false) =>
  renderToStaticMarkup(
    <AuthGate requireStaff={requireStaff}>
      <p>secret screen</p>
    </AuthGate>,
  );

describe("AuthGate", () => {
  it("shows only a spinner while authentication is unresolved", () => {
    auth = state({ status: "loading", user: null });
    const html = render();
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-label="Loading"');
    expect(html).toContain("Loading…");
    expect(html).not.toContain("secret screen");
  });

  it("never shows the screen to a signed-out visitor", () => {
    auth = state({ status: "signed-out", user: null });
    expect(render()).not.toContain("secret screen");
  });

  it("shows the screen to a signed-in user", () => {
    auth = state({ status: "signed-in", profileLoading: true });
    expect(render()).toContain("secret screen");
  });

  it("keeps an internal screen hidden until the profile confirms staff", () => {
    auth = state({ profileLoading: true });
    expect(render(true)).not.toContain("secret screen");
    auth = state({ profile: profile(false) });
    expect(render(true)).not.toContain("secret screen");
    auth = state({ profile: profile(true) });
    expect(render(true)).toContain("secret screen");
  });
});

describe("gateDecision", () => {
  it("sends signed-out visitors to sign in and non-staff home", () => {
    expect(gateDecision(state({ status: "signed-out" }), false)).toEqual({ show: "spinner", redirect: "login" });
    expect(gateDecision(state({ status: "loading" }), true)).toEqual({ show: "spinner", redirect: null });
    expect(gateDecision(state({ profile: profile(false) }), true)).toEqual({ show: "spinner", redirect: "home" });
    expect(gateDecision(state({ profile: profile(false) }), false)).toEqual({ show: "children", redirect: null });
  });

  it("trusts the middleware when the profile could not be loaded", () => {
    expect(gateDecision(state({ profile: null, profileLoading: false }), true)).toEqual({
      show: "children",
      redirect: null,
    });
  });
});
