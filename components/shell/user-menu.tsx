"use client";

import * as React from "react";
import Link from "next/link";
import { Coins, LoaderCircle, LogOut } from "lucide-react";

import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/client/hooks/auth-provider";

// A fixed locale keeps server and browser renders identical.
const creditsFormat = new Intl.NumberFormat("en-US");

/** The signed-in user in the header: who, how many credits, and the way out. */
export function UserMenu() {
  const { user, profile, profileLoading, signOut } = useAuth();
  const [signingOut, setSigningOut] = React.useState(false);

  const name = profile?.name || user?.displayName || null;
  const email = profile?.email || user?.email || null;
  const photo = profile?.photo_url || user?.photoURL || null;
  const credits = typeof profile?.credits === "number" ? profile.credits : null;

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } catch {
      // The provider reports the failure; give the user the button back to retry.
      setSigningOut(false);
    }
  }

  return (
    <div className="flex items-center gap-1 sm:gap-3">
      {credits !== null ? (
        <Badge asChild variant="accent" className="h-7 px-2.5 hover:bg-accent/70">
          <Link href="/subscription">
            <Coins aria-hidden="true" />
            {creditsFormat.format(credits)}{" "}
            {/* The coin icon says "credits" on narrow screens; screen readers always hear the word. */}
            <span className="sr-only sm:not-sr-only">{credits === 1 ? "credit" : "credits"}</span>
          </Link>
        </Badge>
      ) : profileLoading ? (
        // As wide as the badge it stands for: the number alone on phones (a wider one pushed a 360 px header 41 px over).
        <Skeleton className="h-7 w-12 rounded-full sm:w-24" />
      ) : null}

      <div className="flex min-w-0 items-center gap-2.5">
        <Avatar name={name ?? email ?? "You"} src={photo} decorative />
        {/* Visually hidden on small screens, but always there for screen readers. */}
        <div className="sr-only min-w-0 flex-col leading-tight md:not-sr-only md:flex">
          <span className="max-w-48 truncate text-sm font-medium">{name ?? email ?? "Signed in"}</span>
          {name && email ? <span className="max-w-48 truncate text-xs text-muted-foreground">{email}</span> : null}
        </div>
      </div>

      <Button
        variant="ghost"
        size="sm"
        className="px-2 sm:px-3"
        onClick={handleSignOut}
        disabled={signingOut}
        aria-busy={signingOut || undefined}
      >
        {signingOut ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <LogOut aria-hidden="true" />}
        <span className="sr-only sm:not-sr-only">Sign out</span>
      </Button>
    </div>
  );
}
