import type { Metadata } from "next";

import { LazyNotFoundFrame as NotFoundFrame } from "@/components/shell/lazy-not-found-frame";
import { NotFoundContent } from "@/components/shell/not-found-content";

export const metadata: Metadata = { title: "Page not found" };

/**
 * The 404 for the whole app: inside the shell for signed-in users, on its own
 * for visitors (NotFoundFrame decides once auth resolves).
 */
export default function NotFound() {
  return (
    <NotFoundFrame>
      <NotFoundContent />
    </NotFoundFrame>
  );
}
