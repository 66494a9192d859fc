import { readIdParams } from "@/lib/access/routes/page-params";
import { redirectTo, type SearchParams } from "../redirect-to";

interface Props {
  params: Promise<{ id: string }>;
  searchParams: SearchParams;
}

/** Classic image page: permanently moved to /image-gen/{id}, same id, query string kept. */
export default async function ImageGenV1DetailPage({ params, searchParams }: Props) {
  const { id } = await readIdParams(params);
  return redirectTo(`/image-gen/${encodeURIComponent(id)}`, searchParams);
}
