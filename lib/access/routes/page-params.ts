/**
 * Route params are user input (spec: parse at the boundary). Page params are
 * opaque ids, so the rule is simple: non-empty and of sane length; anything
 * else is a 404 rather than a page that echoes junk.
 */
import { notFound } from "next/navigation";
import { z } from "zod";

const MAX_ID_LENGTH = 200;
const idParam = z.string().trim().min(1).max(MAX_ID_LENGTH);

/** Awaits a page's `params` and checks every value is a plausible id. */
export async function readIdParams<T extends Record<string, string>>(params: Promise<T>): Promise<T> {
  const raw = await params;
  for (const value of Object.values(raw)) {
    if (!idParam.safeParse(value).success) notFound();
  }
  return raw;
}
