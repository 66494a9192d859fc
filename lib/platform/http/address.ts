/**
 * Which network addresses a server-side fetch may connect to: public unicast
 * only. Everything private, loopback, link-local (the cloud metadata service
 * at 169.254.169.254 included), shared, reserved, multicast or documentation
 * is refused, and IPv6 forms that carry an IPv4 address (mapped, compatible,
 * NAT64, 6to4) are judged by the IPv4 address inside. Pure, for the URL guard.
 */
import ipaddr from "ipaddr.js";

/** Host names that name the machine or its cloud metadata service whatever DNS says. */
const BLOCKED_NAMES = [
  /^localhost$/,
  /\.localhost$/,
  /^metadata$/,
  /^metadata\.google\.internal$/,
  /\.internal$/,
  /^instance-data(\.ec2\.internal)?$/,
];

export function isBlockedHostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return BLOCKED_NAMES.some((re) => re.test(h));
}

/** The IPv4 address an IPv6 address stands for, when it carries one. */
function embeddedIPv4(a: ipaddr.IPv6): ipaddr.IPv4 | null {
  const b = a.toByteArray();
  const v4 = (offset: number) => new ipaddr.IPv4(b.slice(offset, offset + 4));
  if (a.isIPv4MappedAddress()) return a.toIPv4Address();
  const range = a.range();
  // ::ffff:0:a.b.c.d (RFC 6145 translated) and 64:ff9b::a.b.c.d (RFC 6052 NAT64).
  if (range === "rfc6145" || range === "rfc6052") return v4(12);
  // 2002:AABB:CCDD::/48 (6to4) carries AABBCCDD.
  if (range === "6to4") return v4(2);
  // ::a.b.c.d, the deprecated IPv4-compatible form (first 96 bits zero; :: and ::1 are handled as themselves).
  if (
    b.slice(0, 12).every((x) => x === 0) &&
    !(b[12] === 0 && b[13] === 0 && b[14] === 0 && (b[15] === 0 || b[15] === 1))
  )
    return v4(12);
  return null;
}

/**
 * Why an address is refused (a range name such as "private", "loopback",
 * "linkLocal"), or null when it is a public unicast address. Unparseable
 * input is refused too.
 */
export function blockedAddressReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    const bare = address.replace(/^\[|\]$/g, "");
    const zone = bare.indexOf("%"); // an IPv6 zone ("fe80::1%eth0") is not part of the address
    parsed = ipaddr.parse(zone < 0 ? bare : bare.slice(0, zone));
  } catch {
    return "invalid";
  }
  if (parsed.kind() === "ipv6") {
    // 64:ff9b:1::/48 is local-use NAT64: refuse it whatever it carries.
    if ((parsed as ipaddr.IPv6).match(ipaddr.IPv6.parse("64:ff9b:1::"), 48)) return "rfc8215";
    const inner = embeddedIPv4(parsed as ipaddr.IPv6);
    if (inner) {
      const reason = blockedAddressReason(inner.toString());
      return reason ? `${reason} (inside ${parsed.range()})` : null;
    }
  }
  const range = parsed.range();
  return range === "unicast" ? null : range;
}

export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ""));
}

/** Normalised form for comparing against the allow list. */
export function normaliseHost(host: string): string {
  const h = host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  try {
    return ipaddr.isValid(h) ? ipaddr.parse(h).toNormalizedString() : h;
  } catch {
    return h;
  }
}
