import { renderToStaticMarkup } from "react-dom/server";

import type { AuthContextValue, Profile } from "@/lib/access/auth/types";

import { AppShell } from "./app-shell";

let auth: AuthContextValue;
let pathname = "/";

jest.mock("@/lib/client/hooks/auth-provider", () => ({ useAuth: () => auth }));
jest.mock("next/navigation", () => ({ usePathname: () => pathname, useRouter: () => ({ push: () => {} }) }));

const PROFILE: Profile = {
  user_id: "u1",
  email: "ada@example.com",
  name: "Ada Lovelace",
  photo_url: null,
  provider: "password",
  is_staff: false,
  credits: 1250,
  plan: "free",
  created_at: "2025-01-01T00:00:00Z",
  last_login_at: "2025-01-02T00:00:00Z",
};

function signedIn(profile: Profile | null, profileLoading = false): AuthContextValue {
  const noop = async () => {};
  return {
    status: "signed-in",
    user: { uid: "u1", email: "ada@example.com", emailVerified: true, displayName: null, photoURL: null },
    profile,
    profileLoading,
    signInWithGoogle: noop,
    signInWithEmail: noop,
    signUpWithEmail: noop,
    sendPasswordReset: noop,
    signOut: noop,
    getIdToken: async () => null,
  };
}

function render(path: string): string {
  pathname = path;
  return renderToStaticMarkup(<AppShell>page body</AppShell>);
}

describe("AppShell", () => {
  it("has the notifications bell in the header and the Workspace in the sidebar", () => {
    auth = signedIn(PROFILE);
    const html = render("/");
    expect(html).toMatch(/<button[^>]*aria-label="Notifications"/);
    expect(html).toContain('href="/main"');
    expect(html).toContain("Videos in bulk");
    expect(html).not.toContain("Megapot");
  });

  it("marks the current page with aria-current=page", () => {
    auth = signedIn(PROFILE);
    const html = render("/videos");
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/videos"|<a[^>]*href="\/videos"[^>]*aria-current="page"/,
    );
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
  });

  it("hides the Internal group from non-staff and shows it to staff", () => {
    auth = signedIn(PROFILE);
    expect(render("/")).not.toContain('href="/prod/clients"');
    auth = signedIn({ ...PROFILE, is_staff: true });
    const html = render("/");
    expect(html).toContain("Internal");
    expect(html).toContain('href="/prod/clients"');
  });

  it("shows who is signed in, their credits and a Sign out button", () => {
    auth = signedIn(PROFILE);
    const html = render("/");
    expect(html).toContain("Ada Lovelace");
    expect(html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")).toContain("1,250 credits");
    expect(html).toMatch(/<button[^>]*>.*Sign out<\/span><\/button>/);
  });

  it("renders the page inside a main landmark with a skip link to it", () => {
    auth = signedIn(null, true);
    const html = render("/");
    expect(html).toContain('href="#main-content"');
    expect(html).toMatch(/<main id="main-content"[^>]*>page body<\/main>/);
  });
});
