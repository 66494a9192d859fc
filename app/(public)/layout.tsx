import { BrandLogo } from "@/components/brand-logo";

import { SignInLink } from "./sign-in-link";

/**
 * Pages anyone may open (shared viewers, the public preview, sign-in).
 * Deliberately neutral: a slim header and a centred main, so each page,
 * including the sign-in screens, shapes its own content.
 */
export default function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="border-b">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
          <BrandLogo href="/" />
          <SignInLink />
        </div>
      </header>
      <main id="main-content" className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 py-10 sm:px-6 sm:py-14">
        {children}
      </main>
    </div>
  );
}
