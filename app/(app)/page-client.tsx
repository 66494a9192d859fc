"use client";

import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/client/hooks/auth-provider";

function firstName(fullName: string | null): string | null {
  const first = fullName?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/** The home greeting: the signed-in user's first name, when we know it. */
export function Greeting() {
  const { profile, user, profileLoading } = useAuth();
  const name = firstName(profile?.name || user?.displayName || null);

  if (!name && profileLoading) return <Skeleton className="mt-1 h-5 w-64 max-w-full" />;
  return <p>{name ? `Welcome back, ${name}.` : "Welcome back."} What would you like to make today?</p>;
}
