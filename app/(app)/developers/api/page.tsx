import type { Metadata } from "next";

import { openApiDocument } from "@/app/api/v1/_openapi/document";
import { ApiReference } from "@/components/developers/api-reference";
import { referenceModel, type OpenApiLike } from "@/components/developers/api-reference-model";
import { DeveloperTabs } from "@/components/developers/developer-tabs";
import { PageHeader } from "@/components/page-header";
import { titleFor } from "@/lib/access/routes/titles";

const PATTERN = "/developers/api";

export const metadata: Metadata = { title: titleFor(PATTERN) };

/** The API reference: the OpenAPI document (GET /api/v1/openapi.json) as a page, built on the server once per process. */
export default function ApiReferencePage() {
  const tags = referenceModel(openApiDocument() as OpenApiLike);
  return (
    <>
      <PageHeader
        title={titleFor(PATTERN)}
        description="Every call a program can make with an API key: what it needs, what it answers, and examples to copy."
      />
      <DeveloperTabs current="api" />
      <ApiReference tags={tags} />
    </>
  );
}
