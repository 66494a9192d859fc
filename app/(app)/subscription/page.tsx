import type { Metadata } from "next";

import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

import { SubscriptionScreen } from "./subscription-screen";

const PATTERN = "/subscription";

export const metadata: Metadata = { title: titleFor(PATTERN) };

export default function SubscriptionPage() {
  return (
    <>
      <PageHeader title={titleFor(PATTERN)} description="Your plan, your credits and what used them, and your data." />
      <SubscriptionScreen />
    </>
  );
}
