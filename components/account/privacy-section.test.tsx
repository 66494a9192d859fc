import { renderToStaticMarkup } from "react-dom/server";

import type { AuthContextValue } from "@/lib/access/auth/types";
import { ConsentPrompt } from "@/components/observability/consent-prompt";

import { formatBytes, PrivacySection } from "./privacy-section";

const noop = async () => {};
const auth: AuthContextValue = {
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
};
jest.mock("@/lib/client/hooks/auth-provider", () => ({ useAuth: () => auth }));

/** Every aria-describedby / aria-labelledby / label for names an element that exists. */
function referencesResolve(html: string): void {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  const refs = [...html.matchAll(/(?:aria-describedby|aria-labelledby|for)="([^"]+)"/g)].flatMap((m) =>
    m[1]!.split(" "),
  );
  expect(refs.length).toBeGreaterThan(0);
  for (const ref of refs) expect(ids).toContain(ref);
}

describe("PrivacySection", () => {
  const html = renderToStaticMarkup(<PrivacySection />);

  it("offers the four choices as labelled buttons under one heading", () => {
    expect(html).toMatch(/<section aria-labelledby="privacy-heading"/);
    expect(html).toMatch(/<h2 id="privacy-heading"[^>]*>Your data<\/h2>/);
    for (const name of ["Download my data", "Sign out everywhere", "Delete my account"])
      expect(html).toMatch(new RegExp(`<button[^>]*>(<svg.*?</svg>)?${name}</button>`));
    expect(html).toContain("This server does not collect product analytics.");
    referencesResolve(html);
  });

  it("asks for the typed email and says what is deleted and what is kept", () => {
    expect(html).toMatch(/<dialog[^>]*aria-labelledby="[^"]+"/);
    expect(html).toMatch(
      /<label[^>]*for="[^"]+"[^>]*>Type your email, <span[^>]*>ada@example.com<\/span>, to confirm<\/label>/,
    );
    expect(html).toContain("Kept");
    expect(html).toContain("credit history and payment records");
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Delete my account for good<\/button>/);
  });
});

it("formats archive sizes for the progress line", () => {
  expect([formatBytes(512), formatBytes(2048), formatBytes(5.25 * 1024 * 1024)]).toEqual(["512 B", "2 KB", "5.3 MB"]);
});

it("the consent prompt is a labelled region with both answers as buttons", () => {
  const html = renderToStaticMarkup(<ConsentPrompt onAnswer={() => {}} />);
  expect(html).toMatch(/<section aria-labelledby="analytics-consent-title"/);
  expect(html).toMatch(/<button type="button"[^>]*>Don&#x27;t allow<\/button>/);
  expect(html).toMatch(/<button type="button"[^>]*>Allow analytics<\/button>/);
  referencesResolve(html);
});
