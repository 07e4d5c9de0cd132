/**
 * The open-redirect corpus (SPEC §5): attempts to leave the app for an untrusted place, and URLs
 * that must keep working. The app trusts `https://app.example.com` and `https://*.example.org`
 * (one label), and not localhost.
 */

/** The trusted domains the corpus is written against. */
export const trustedDomains: ReadonlyArray<string> = ["https://app.example.com", "https://*.example.org"]

/** One attempt and the trick it uses. */
export interface Attempt {
  readonly url: string
  readonly trick: string
}

/** Open-redirect attempts: every one must be refused. */
export const untrusted: ReadonlyArray<Attempt> = [
  { url: "https://evil.example", trick: "absolute URL to an untrusted host" },
  { url: "https://evil.example/handler/oauth-callback", trick: "untrusted host, a handler path" },
  { url: "http://app.example.com/x", trick: "trusted host over http when only https is trusted" },
  { url: "https://app.example.com.evil.example/x", trick: "trusted name as a subdomain of an untrusted host" },
  { url: "https://evil.example/https://app.example.com", trick: "trusted URL in the path" },
  { url: "https://evil.example?next=https://app.example.com", trick: "trusted URL in the query" },
  { url: "https://evil.example#https://app.example.com", trick: "trusted URL in the fragment" },
  { url: "https://evilapp.example.com", trick: "look-alike host sharing the suffix" },
  { url: "https://a.b.example.org", trick: "two labels where the wildcard allows one" },
  { url: "https://example.org", trick: "the wildcard's parent domain" },
  { url: "//evil.example", trick: "protocol-relative URL" },
  { url: "//evil.example/path?x=1", trick: "protocol-relative URL with a path" },
  { url: "///evil.example", trick: "three slashes" },
  { url: "/\\evil.example", trick: "slash-backslash (browsers read it as //)" },
  { url: "\\\\evil.example", trick: "double backslash" },
  { url: "\\/evil.example", trick: "backslash-slash" },
  { url: "/\t/evil.example", trick: "a tab between the slashes (stripped by URL parsers)" },
  { url: "  //evil.example", trick: "leading spaces before //" },
  { url: "https:evil.example", trick: "scheme without slashes (parsed as https://evil.example)" },
  { url: "https:/evil.example", trick: "scheme with one slash" },
  { url: "javascript:alert(document.cookie)", trick: "javascript: URL" },
  { url: "JavaScript:alert(1)", trick: "mixed-case javascript: scheme" },
  { url: "JAVASCRIPT:alert(1)", trick: "upper-case javascript: scheme" },
  { url: "java\tscript:alert(1)", trick: "tab inside the scheme (stripped by URL parsers)" },
  { url: " javascript:alert(1)", trick: "leading space before javascript:" },
  { url: "data:text/html,<script>alert(1)</script>", trick: "data: URL" },
  { url: "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", trick: "upper-case data: URL, base64" },
  { url: "vbscript:msgbox(1)", trick: "vbscript: URL" },
  { url: "file:///etc/passwd", trick: "file: URL" },
  { url: "blob:https://app.example.com/6f1c2d3e", trick: "blob: URL whose origin is trusted" },
  { url: "https://app.example.com@evil.example", trick: "trusted host as the user name" },
  { url: "https://app.example.com:443@evil.example/x", trick: "trusted host and port as credentials" },
  { url: "https://app.example.com%2F@evil.example", trick: "encoded slash inside the credentials" },
  { url: "https://evil.example\\@app.example.com", trick: "backslash before @ (parser differential)" },
  { url: "https://app%2eexample%2ecom.evil.example", trick: "encoded dots in the host" },
  { url: "%2F%2Fevil.example", trick: "encoded //" },
  { url: "%2f%2fevil.example", trick: "encoded // (lower case)" },
  { url: "/%2F/evil.example", trick: "slash plus an encoded slash" },
  { url: "/%5Cevil.example", trick: "slash plus an encoded backslash" },
  { url: "%252F%252Fevil.example", trick: "double-encoded //" },
  { url: "https://app.example.com./x", trick: "trusted host with a trailing dot" },
  { url: "https://evil.example./x", trick: "untrusted host with a trailing dot" },
  { url: "https://аpp.example.com/x", trick: "IDN look-alike (Cyrillic а)" },
  { url: "https://app.exаmple.com/x", trick: "IDN look-alike inside the registrable domain" },
  { url: "https://xn--pp-7kc.example.com/x", trick: "the look-alike's punycode" },
  { url: "http://localhost:3000/x", trick: "localhost when the project does not allow it" },
  { url: "http://2130706433/", trick: "a decimal IP address" }
]

/** URLs that must pass: relative ones (SDK only) and ones on a trusted domain. */
export const trusted: ReadonlyArray<Attempt & { readonly absolute: boolean }> = [
  { url: "/", trick: "root", absolute: false },
  { url: "/dashboard", trick: "a path", absolute: false },
  { url: "/handler/sign-in?after_auth_return_to=%2Fsettings", trick: "a path with an encoded return target", absolute: false },
  { url: "dashboard/settings", trick: "a relative path", absolute: false },
  { url: "?tab=security", trick: "a query only", absolute: false },
  { url: "#profile", trick: "a fragment only", absolute: false },
  { url: "https://app.example.com", trick: "the trusted origin", absolute: true },
  { url: "https://app.example.com/handler/oauth-callback", trick: "a handler page on the trusted origin", absolute: true },
  { url: "https://app.example.com:443/x?y=1#z", trick: "the default port spelled out", absolute: true },
  { url: "HTTPS://APP.EXAMPLE.COM/x", trick: "upper-case scheme and host", absolute: true },
  { url: "https://shop.example.org/cart", trick: "one label under the wildcard", absolute: true }
]
