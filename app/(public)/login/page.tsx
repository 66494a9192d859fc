import type { Metadata } from "next";
import { signInSearchParamsSchema } from "@/lib/access/auth/sign-in-search-params";
import { titleFor } from "@/lib/access/routes/titles";
import { LoginPageClient } from "./page-client";

const PATTERN = "/login";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { next } = signInSearchParamsSchema.parse(await searchParams);
  return <LoginPageClient title={titleFor(PATTERN)} next={next ?? null} />;
}
