import { PublicNotFound } from "@/components/public/public-not-found";

/** A private, deleted, unrendered or unknown video: the same answer for each, so ids leak nothing. */
export default function WatchNotFound() {
  return <PublicNotFound noun="video" />;
}
