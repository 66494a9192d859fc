/**
 * The caller's address, for per-IP limits. Next's route handlers never see
 * the socket; `next start` copies the socket's address into X-Forwarded-For
 * only when the request arrived without one (`??=` in Next's base server). So
 * the header is all there is, and who wrote each entry depends on what sits
 * in front of the app:
 *
 * - TRUST_PROXY=N (N proxies, each appending the address it saw, as nginx's
 *   $proxy_add_x_forwarded_for, Google's and AWS's load balancers do): the
 *   N-th entry from the right is the address our outermost proxy saw; entries
 *   to its left were written by the client and are ignored. A proxy that
 *   sends only X-Real-IP is read when there is no X-Forwarded-For.
 * - TRUST_PROXY=0 (the default: `npm start`, reached directly): the rightmost
 *   entry. That is the socket's address unless the client sent the header
 *   itself, which a direct client can do to pick its own bucket; run behind
 *   a proxy and set TRUST_PROXY in production. (Behind one appending proxy
 *   with TRUST_PROXY unset, the rightmost entry is still the right one.)
 *
 * IPv6 callers are bucketed by their /64 (one home or server gets a whole
 * /64, so single addresses would be free to rotate); IPv4-mapped IPv6 counts
 * as the IPv4 address. Anything that is not an address shares one bucket.
 */
import ipaddr from "ipaddr.js";

export const UNKNOWN_CLIENT = "unknown";

export function clientIp(headers: Headers, trustProxyHops: number): string {
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  let raw: string | undefined;
  if (forwarded.length) {
    const hops = Math.max(1, trustProxyHops);
    raw = forwarded[Math.max(0, forwarded.length - hops)];
  } else if (trustProxyHops > 0) {
    raw = headers.get("x-real-ip")?.trim();
  }
  return raw ? bucketOf(raw) : UNKNOWN_CLIENT;
}

/** The rate-limit bucket of one address: IPv4 as is, IPv6 by its /64. */
export function bucketOf(raw: string): string {
  const text = stripPort(raw);
  // Dotted quads only: ipaddr also reads "1" or "0x7f.1" as IPv4, which would give one address many spellings.
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return UNKNOWN_CLIENT;
  let addr = ipaddr.parse(text);
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (addr.kind() === "ipv4") return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/** "1.2.3.4:5678" and "[2001:db8::1]:443" (some proxies add the port) to the bare address. */
function stripPort(s: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed) return bracketed[1]!;
  const v4port = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(s);
  return v4port ? v4port[1]! : s;
}
