"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

import { Button } from "@/components/ui/button";

/** The header's "Sign in" link, left out on /login itself where it would only point at the current page. */
export function SignInLink() {
  const pathname = usePathname();
  if (pathname === "/login") return null;
  return (
    <Button asChild variant="outline" size="sm">
      <Link href="/login">Sign in</Link>
    </Button>
  );
}
