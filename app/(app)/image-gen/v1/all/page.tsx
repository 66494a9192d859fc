import { redirectTo, type SearchParams } from "../redirect-to";

/** Classic page: permanently moved to /image-gen/all (query string kept). */
export default async function ImageGenV1AllPage({ searchParams }: { searchParams: SearchParams }) {
  return redirectTo("/image-gen/all", searchParams);
}
