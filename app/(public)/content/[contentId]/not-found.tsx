import { PublicNotFound } from "@/components/public/public-not-found";

/** A private, deleted or unknown item: the same answer for each, so ids leak nothing. */
export default function ContentNotFound() {
  return <PublicNotFound noun="content" />;
}
