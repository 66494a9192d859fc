/** A published page's media (lib/pages/media-route.ts): 307 to a signed URL, else 404. */
import { pageMediaGet, pageMediaNotAllowed } from "@/lib/pages/media-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = pageMediaGet;
export const POST = pageMediaNotAllowed;
export const PUT = pageMediaNotAllowed;
export const PATCH = pageMediaNotAllowed;
export const DELETE = pageMediaNotAllowed;
