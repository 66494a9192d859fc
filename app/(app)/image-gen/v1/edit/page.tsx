import { redirectTo, type SearchParams } from "../redirect-to";

/** Classic page: permanently moved to /image-gen/edit (query string kept). */
export default async function ImageGenV1EditPage({ searchParams }: { searchParams: SearchParams }) {
  return redirectTo("/image-gen/edit", searchParams);
}
