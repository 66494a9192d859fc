"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

import { buttonVariants } from "@/components/ui/button-variants";

/** The header's "Sign in" link, left out on /login itself where it would only point at the current page. */
export function SignInLink() {
  const pathname = usePathname();
  if (pathname === "/login") return null;
  return (
    <Link href="/login" className={buttonVariants({ variant: "outline", size: "sm" })}>
      Sign in
    </Link>
  );
}
