import { redirectTo, type SearchParams } from "./redirect-to";

/** Classic page: permanently moved to /image-gen (query string kept). */
export default async function ClassicImageGenPage({ searchParams }: { searchParams: SearchParams }) {
  return redirectTo("/image-gen", searchParams);
}
