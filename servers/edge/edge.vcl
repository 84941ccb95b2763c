vcl 4.1;
# The edge in front of the site's origins (Varnish 7.1 with varnish-modules' xkey): pages from its cache, purged
# by tag when a publish changes them, stale pages when every origin is down. The deployment's own part (the
# origins, and the token a purge must carry) is origins.vcl beside this file, written by varnish.ts
# (servers/edge/origins.ts); its comments say what a hand-written one must define.
#
# Cache key: the path alone. The site is static: no origin answer depends on a query string or a cookie, so
# neither splits the cache (a marketing link's ?utm_source=… is read by the page in the browser) and a visitor
# cannot bust it. The one header an answer varies on is Accept-Encoding, normalised to br, gzip or nothing.
import std;
import xkey;
import directors;

# Whether an origin is ready: each is asked for its readiness every second (GET /readyz, 200 while it serves a
# complete release: server-kit's observe.ts), and two 200s (within 2 s) of the last five keep it in the director. An
# origin that is only busy (a laptop's cores taken by a build) keeps its place; one that is down or not ready is out
# after four failed probes, and meanwhile a request it refuses is retried on another (vcl_backend_error). Counted
# healthy from the start, so a new edge does not wait for probes before it sends a request.
probe site_origin {
    .url = "/readyz";
    .interval = 1s;
    .timeout = 2s;
    .window = 5;
    .threshold = 2;
    .initial = 2;
}

include "origins.vcl";

sub vcl_recv {
    unset req.http.X-Edge-Stale-Wanted;
    if (req.restarts > 0 && req.http.X-Edge-Stale) {
        set req.http.X-Edge-Stale-Wanted = "1";
    }
    unset req.http.X-Edge-Stale;
    if (req.method == "PURGE") {
        # Purges come from the publish hook, on the purge address only (never the visitors' one), with its token.
        if (local.socket != "purge") {
            return (synth(405, "This address does not take purges"));
        }
        call edge_authorize_purge;
        if (!req.http.xkey-purge) {
            return (synth(400, "Name the tags to purge in the xkey-purge header"));
        }
        # Soft: a purged page is stale, not gone, so it still answers while every origin is down (below).
        set req.http.X-Edge-Purged = xkey.softpurge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.X-Edge-Purged + " object(s)"));
    }
    if (req.method == "BAN") {
        return (synth(405, "This edge takes no bans"));
    }
    if (local.socket == "purge") {
        return (synth(405, "This address takes purges only"));
    }
    # An origin's numbers are for its operators, on its own port: never answered through the edge, however the path
    # is spelt (dot segments, a backslash, an absolute URL all reach an origin's /metrics).
    if (req.url ~ "(?i)(^|[/\\])metrics([/\\?#;]|$)") {
        return (synth(404, "Not Found"));
    }
    # Behind a TLS terminator (which says the scheme in X-Forwarded-Proto): a visitor over plain http is sent to
    # https, and answers over https tell the browser to come back only over https (HSTS).
    if (req.http.X-Forwarded-Proto == "http") {
        return (synth(751, "Moved Permanently"));
    }
    set req.backend_hint = origins.backend();
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    unset req.http.Cookie;
    unset req.http.Authorization;
    if (req.http.Accept-Encoding ~ "\bbr\b") {
        set req.http.Accept-Encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "\bgzip\b") {
        set req.http.Accept-Encoding = "gzip";
    } else {
        unset req.http.Accept-Encoding;
    }
    # A page purged by a publish is fetched again before it is served while an origin is up (no stale copy after a
    # publish); while none is, or when the fetch failed, the stale copy answers.
    if (req.http.X-Edge-Stale-Wanted) {
        set req.grace = 365d;
    } elsif (std.healthy(req.backend_hint)) {
        set req.grace = 0s;
    } else {
        set req.grace = 365d;
    }
    return (hash);
}

sub vcl_hash {
    hash_data(regsub(req.url, "\?.*$", ""));
    return (lookup);
}

sub vcl_backend_fetch {
    # The origin sees the path without the query string (the cache key it answers for).
    set bereq.url = regsub(bereq.url, "\?.*$", "");
}

sub vcl_backend_response {
    # An origin that errs is asked no more for this request: another origin is, then the stale copy answers.
    if (beresp.status >= 500 && bereq.retries < 2) {
        return (retry);
    }
    if (beresp.status >= 500) {
        return (abandon);
    }
    # The shared caches' lifetime (RFC 9213): long, since a publish purges what it changes.
    if (beresp.http.CDN-Cache-Control ~ "max-age=[0-9]+") {
        set beresp.ttl = std.duration(
            regsub(beresp.http.CDN-Cache-Control, "^.*max-age=([0-9]+).*$", "\1s"), 0s);
        set beresp.grace = std.duration(
            regsub(beresp.http.CDN-Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 1d);
        unset beresp.http.CDN-Cache-Control;
        unset beresp.http.Surrogate-Control;
        return (deliver);
    }
    if (beresp.ttl > 0s) {
        set beresp.grace = 1d;
    }
}

sub vcl_backend_error {
    # Another origin may answer (the director skips one its probe found down). A fetch that fails for good stores
    # nothing, so a stale copy stays to answer (vcl_synth looks for it).
    if (bereq.retries < 2) {
        return (retry);
    }
    return (abandon);
}

sub vcl_deliver {
    if (obj.uncacheable) {
        set resp.http.Cache-Status = "edge; fwd=bypass";
    } elsif (obj.hits > 0 && obj.ttl > 0s) {
        set resp.http.Cache-Status = "edge; hit";
    } elsif (obj.hits > 0) {
        set resp.http.Cache-Status = "edge; hit; fwd=stale";
    } else {
        set resp.http.Cache-Status = "edge; fwd=miss; stored";
    }
    if (req.http.X-Forwarded-Proto == "https") {
        set resp.http.Strict-Transport-Security = "max-age=63072000; includeSubDomains";
    }
    # The tags and the shared caches' directives are for caches, never for the visitor.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    unset resp.http.Netlify-Cache-Tag;
    unset resp.http.CDN-Cache-Control;
    unset resp.http.Surrogate-Control;
    unset resp.http.Via;
    unset resp.http.X-Varnish;
}

sub vcl_synth {
    if (resp.status == 751) {
        set resp.status = 301;
        set resp.http.Location = "https://" + req.http.host + req.url;
        set resp.http.Cache-Control = "no-store";
        return (deliver);
    }
    # A fetch that failed (every origin down, or the one asked died on the way) gets one more look, for a stale copy.
    if (resp.status == 503 && req.restarts == 0 && (req.method == "GET" || req.method == "HEAD")) {
        set req.http.X-Edge-Stale = "1";
        return (restart);
    }
    if (resp.status == 503) {
        set resp.reason = "The site cannot be reached right now; please try again in a minute";
    }
    set resp.http.Content-Type = "text/plain; charset=utf-8";
    set resp.http.Cache-Control = "no-store";
    set resp.http.Cache-Status = "edge; fwd=bypass";
    unset resp.http.Retry-After;
    unset resp.http.X-Varnish;
    set resp.body = resp.reason + {"
"};
    return (deliver);
}
