import { crossSiteConfigFromEnv, crossSiteRefusal, type CrossSiteFacts } from "./cross-site";

const config = crossSiteConfigFromEnv({
  IMAGE_GEN_HOSTS: "images.promptframe.test",
  APP_BASE_URL: "https://app.promptframe.test",
});

/** A cookie-signed POST from the app's own page on localhost:3000 unless a case says otherwise. */
function facts(over: Partial<CrossSiteFacts> = {}): CrossSiteFacts {
  return {
    method: "POST",
    cookieAuthenticated: true,
    host: "localhost:3000",
    forwardedHost: null,
    origin: null,
    secFetchSite: null,
    ...over,
  };
}

describe("crossSiteRefusal", () => {
  it("lets through a request that sends neither Origin nor Sec-Fetch-Site (old browsers, curl, server-to-server)", () => {
    expect(crossSiteRefusal(facts(), config)).toBeNull();
  });

  it("refuses a cookie-signed change whose Origin names another site, for every state-changing method", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      expect(crossSiteRefusal(facts({ method, origin: "https://evil.example" }), config)).toMatch(/another site/);
    }
  });

  it("refuses Sec-Fetch-Site: cross-site even without an Origin", () => {
    expect(crossSiteRefusal(facts({ secFetchSite: "cross-site" }), config)).not.toBeNull();
    expect(
      crossSiteRefusal(facts({ secFetchSite: "cross-site", origin: "http://localhost:3000" }), config),
    ).not.toBeNull();
  });

  it("passes the browser's own same-origin and user-initiated requests", () => {
    expect(
      crossSiteRefusal(facts({ secFetchSite: "same-origin", origin: "http://localhost:3000" }), config),
    ).toBeNull();
    expect(crossSiteRefusal(facts({ secFetchSite: "none" }), config)).toBeNull();
    // The browser knows best: same-origin passes even when a proxy rewrote the Host the app sees.
    expect(
      crossSiteRefusal(
        facts({ secFetchSite: "same-origin", origin: "https://app.example", host: "10.0.0.7:3000" }),
        config,
      ),
    ).toBeNull();
  });

  it("compares the Origin with the Host the request was sent to (and X-Forwarded-Host, APP_BASE_URL), ignoring default ports", () => {
    expect(crossSiteRefusal(facts({ origin: "http://localhost:3000" }), config)).toBeNull();
    expect(crossSiteRefusal(facts({ origin: "http://localhost:3001" }), config)).not.toBeNull();
    expect(
      crossSiteRefusal(facts({ origin: "https://app.promptframe.test", host: "app.promptframe.test:443" }), config),
    ).toBeNull();
    expect(
      crossSiteRefusal(facts({ origin: "https://app.promptframe.test", host: "127.0.0.1:3000" }), config),
    ).toBeNull();
    expect(
      crossSiteRefusal(
        facts({ origin: "https://public.example", host: "127.0.0.1:3000", forwardedHost: "public.example" }),
        config,
      ),
    ).toBeNull();
    expect(crossSiteRefusal(facts({ origin: "https://LOCALHOST:3000" }), config)).toBeNull();
  });

  it("treats same-site as foreign unless the Origin is one of the app's own hosts (a sibling subdomain or another localhost port is not us)", () => {
    // The alternate image host talking to the app on the same port: ours.
    expect(
      crossSiteRefusal(facts({ secFetchSite: "same-site", origin: "http://images.promptframe.test:3000" }), config),
    ).toBeNull();
    expect(
      crossSiteRefusal(
        facts({ secFetchSite: "same-site", origin: "https://images.promptframe.test", host: "app.promptframe.test" }),
        config,
      ),
    ).toBeNull();
    // A sibling on the same registrable domain, or another port on localhost: same-site, but not the app.
    expect(
      crossSiteRefusal(
        facts({ secFetchSite: "same-site", origin: "https://blog.promptframe.test", host: "app.promptframe.test" }),
        config,
      ),
    ).not.toBeNull();
    expect(
      crossSiteRefusal(facts({ secFetchSite: "same-site", origin: "http://localhost:8080" }), config),
    ).not.toBeNull();
    expect(crossSiteRefusal(facts({ secFetchSite: "same-site" }), config)).not.toBeNull();
    // The alternate host on another port is another origin.
    expect(crossSiteRefusal(facts({ origin: "http://images.promptframe.test:8080" }), config)).not.toBeNull();
  });

  it("refuses an opaque or malformed Origin", () => {
    expect(crossSiteRefusal(facts({ origin: "null" }), config)).not.toBeNull();
    expect(crossSiteRefusal(facts({ origin: "not a url" }), config)).not.toBeNull();
    expect(crossSiteRefusal(facts({ origin: "file://" }), config)).not.toBeNull();
  });

  it("never refuses reads, or calls signed with a Bearer token instead of the cookie (a page on another site cannot send one without CORS)", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(
        crossSiteRefusal(facts({ method, origin: "https://evil.example", secFetchSite: "cross-site" }), config),
      ).toBeNull();
    }
    expect(
      crossSiteRefusal(
        facts({ cookieAuthenticated: false, origin: "https://evil.example", secFetchSite: "cross-site" }),
        config,
      ),
    ).toBeNull();
  });

  it("reads its configuration leniently: no alternate hosts and a malformed APP_BASE_URL leave only the request's own host", () => {
    const bare = crossSiteConfigFromEnv({ APP_BASE_URL: "not a url" });
    expect(crossSiteRefusal(facts({ origin: "http://localhost:3000" }), bare)).toBeNull();
    expect(crossSiteRefusal(facts({ origin: "http://images.promptframe.test:3000" }), bare)).not.toBeNull();
  });
});
