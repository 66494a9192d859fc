import type { Metadata } from "next";

import { UpdateLogScreen } from "@/components/data-dashboard/update-log-screen";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/content-update-logs";

export const metadata: Metadata = { title: titleFor(PATTERN) };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function ContentUpdateLogsPage({ searchParams }: Props) {
  const sp = await searchParams;
  const one = (k: string) => (typeof sp[k] === "string" ? (sp[k] as string).slice(0, 300) : undefined);
  const initial = Object.fromEntries(["entity_type", "entity_id", "actor", "from", "to"].map((k) => [k, one(k) ?? ""]));
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Every change to content, layouts, templates, clients, pipelines, prompts and dashboard documents: who, when, from where, and what changed."
      />
      <UpdateLogScreen initial={initial} />
    </>
  );
}
