"use client";

import * as React from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Menu, Plus, X } from "lucide-react";

import { BrandLogo } from "@/components/brand-logo";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/client/hooks/auth-provider";

import { NotificationsBell } from "@/components/notifications/notifications-bell";

import { buildNavGroups } from "./nav-model";
import { SidebarNav } from "./sidebar-nav";
import { UserMenu } from "./user-menu";

/** Tailwind's `lg` breakpoint: from here the sidebar is always visible. */
const DESKTOP_QUERY = "(min-width: 64rem)";
const MOBILE_NAV_ID = "mobile-nav";

/**
 * The signed-in frame: sidebar navigation (a disclosure menu under the top
 * bar on small screens), a header with the user, and the page's <main>.
 */
export function AppShell({ children }: { children: React.ReactNode }) {
  const { profile } = useAuth();
  const pathname = usePathname();
  const staff = profile?.is_staff === true;
  const groups = React.useMemo(() => buildNavGroups({ staff }), [staff]);

  // Remembering *where* the menu was opened closes it on navigation with no effect.
  const [openedAt, setOpenedAt] = React.useState<string | null>(null);
  const menuOpen = openedAt === pathname;
  const toggleRef = React.useRef<HTMLButtonElement>(null);
  const closeMenu = React.useCallback(() => setOpenedAt(null), []);

  // Growing the window past the breakpoint hides the toggle; drop the open state with it.
  React.useEffect(() => {
    const media = window.matchMedia(DESKTOP_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setOpenedAt(null);
    };
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);

  function onMenuKeyDown(event: React.KeyboardEvent) {
    if (event.key !== "Escape") return;
    closeMenu();
    toggleRef.current?.focus();
  }

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg"
      >
        Skip to content
      </a>

      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-sidebar-border bg-sidebar lg:flex">
        <div className="flex h-16 shrink-0 items-center px-5">
          <BrandLogo href="/" />
        </div>
        <div className="flex-1 overflow-y-auto px-3 pt-2 pb-8">
          <SidebarNav groups={groups} pathname={pathname} />
        </div>
      </aside>

      <div className="flex min-h-dvh flex-col lg:pl-64">
        <header className="sticky top-0 z-20 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
          <div className="flex h-16 items-center gap-1 px-4 sm:gap-2 sm:px-6 lg:px-10">
            <Button
              ref={toggleRef}
              variant="ghost"
              size="icon"
              className="-ml-2 lg:hidden"
              aria-label="Menu"
              aria-expanded={menuOpen}
              aria-controls={MOBILE_NAV_ID}
              onClick={() => setOpenedAt(menuOpen ? null : pathname)}
              onKeyDown={onMenuKeyDown}
            >
              {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
            </Button>
            <BrandLogo href="/" className="lg:hidden" compact />
            <div className="ml-auto flex items-center gap-1 sm:gap-4">
              <Button asChild size="sm" className="hidden sm:inline-flex">
                <Link href="/create">
                  <Plus aria-hidden="true" />
                  Create
                </Link>
              </Button>
              <NotificationsBell />
              <UserMenu />
            </div>
          </div>
        </header>

        {/*
          In the flow (not an overlay) on purpose: it pushes the page down, so
          Tab moves from the last link into visible content, never behind a
          sheet, and there is no focus trap to escape.
        */}
        <div
          id={MOBILE_NAV_ID}
          hidden={!menuOpen}
          onKeyDown={onMenuKeyDown}
          className="border-b bg-sidebar px-3 py-4 lg:hidden"
        >
          {menuOpen ? <SidebarNav groups={groups} pathname={pathname} onNavigate={closeMenu} /> : null}
        </div>

        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6 lg:px-10 lg:py-10"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
