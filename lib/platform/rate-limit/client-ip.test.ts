/** Whose bucket a request counts against, with and without trusted proxies in front. */
import { bucketOf, clientIp, UNKNOWN_CLIENT } from "./client-ip";

const h = (headers: Record<string, string>) => new Headers(headers);

describe("clientIp", () => {
  it("reached directly (TRUST_PROXY=0): the rightmost X-Forwarded-For entry, which next start fills from the socket", () => {
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.7" }), 0)).toBe("203.0.113.7");
    expect(clientIp(h({ "x-forwarded-for": "198.51.100.1, 203.0.113.7" }), 0)).toBe("203.0.113.7");
    // X-Real-IP is only a proxy's word: without a trusted proxy anyone can send it.
    expect(clientIp(h({ "x-real-ip": "198.51.100.1" }), 0)).toBe(UNKNOWN_CLIENT);
    expect(clientIp(h({}), 0)).toBe(UNKNOWN_CLIENT);
  });

  it("behind N appending proxies: the N-th entry from the right; what the client wrote to its left is ignored", () => {
    // The client forged "1.1.1.1"; our load balancer appended the address it saw.
    expect(clientIp(h({ "x-forwarded-for": "1.1.1.1, 203.0.113.7" }), 1)).toBe("203.0.113.7");
    // CDN then load balancer: the CDN saw the client, the balancer saw the CDN.
    expect(clientIp(h({ "x-forwarded-for": "1.1.1.1, 203.0.113.7, 192.0.2.10" }), 2)).toBe("203.0.113.7");
    // Fewer entries than proxies (a proxy that overwrites): the leftmost.
    expect(clientIp(h({ "x-forwarded-for": "203.0.113.7" }), 2)).toBe("203.0.113.7");
    // A proxy that sends only X-Real-IP.
    expect(clientIp(h({ "x-real-ip": "203.0.113.9" }), 1)).toBe("203.0.113.9");
  });
});

describe("bucketOf", () => {
  it("IPv4 as is (ports dropped), IPv6 by its /64, IPv4-mapped IPv6 as IPv4", () => {
    expect(bucketOf("203.0.113.7:51234")).toBe("203.0.113.7");
    expect(bucketOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(bucketOf("[2001:db8:1:2::99]:443")).toBe("2001:db8:1:2::/64");
    expect(bucketOf("2001:db8:1:2::1")).toBe(bucketOf("2001:db8:1:2:ffff::1"));
    expect(bucketOf("2001:db8:1:3::1")).not.toBe(bucketOf("2001:db8:1:2::1"));
    expect(bucketOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("anything that is not a dotted-quad or IPv6 address shares one bucket (no rotating through spellings)", () => {
    for (const junk of ["", "localhost", "0x7f.1", "2130706433", "1.2.3", "999.1.1.1", "a, b"])
      expect(bucketOf(junk)).toBe(UNKNOWN_CLIENT);
  });
});
