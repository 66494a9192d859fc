import type { Metadata } from "next";
import { signInSearchParamsSchema } from "@/lib/access/auth/sign-in-search-params";
import { titleFor } from "@/lib/access/routes/titles";
import { EmailLoginPageClient } from "./page-client";

const PATTERN = "/email-login";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default async function EmailLoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { next, mode } = signInSearchParamsSchema.parse(await searchParams);
  return <EmailLoginPageClient title={titleFor(PATTERN)} next={next ?? null} initialMode={mode} />;
}
