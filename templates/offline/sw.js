// vinescore's service worker (vinescore.offline.views.service_worker): the
// app's own files, and the last copy of each sheet this person opened, so a
// sheet opens again with the server out of reach. Each person's sheets are
// kept apart (the pages' data-offline-id) and dropped when a page names
// someone else or nobody; each is shown only in the language it was kept in.
// What a phone could not send is kept by static/js/outbox.js, not here.
"use strict";

var SHELL = "vinescore-shell-{{ version }}";
var SHELL_FILES = [{% for url in shell %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
var STATIC_PREFIX = "{{ static_prefix|escapejs }}";
// Pyodide, for a game kept on the phone: kept from the first fetch (its
// version is in this worker's), so it loads without waiting on a network.
var PYODIDE_PREFIX = "{{ pyodide_prefix|escapejs }}";
var PYODIDE = "vinescore-pyodide-{{ pyodide_version }}";
var STYLESHEET = "{{ stylesheet|escapejs }}";
var LOGOUT = "{{ logout|escapejs }}";
var PAGES = "vinescore-pages-";  // + whose pages they are
var META = "vinescore-meta";     // who the pages last shown belong to, and their language
// The words of the page this worker draws itself, in each language.
var WORDS = {{ words|safe }};
var LANGUAGE = "{{ language_code|escapejs }}";  // the server's default
var SHEET = /^\/games\/\d+\/$/;
// A server that does not answer in this long is treated as out of reach.
var PATIENCE = 8000;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    return cache.addAll(SHELL_FILES);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return (name.indexOf("vinescore-shell-") === 0 && name !== SHELL) ||
        (name.indexOf("vinescore-pyodide-") === 0 && name !== PYODIDE);
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// Whose pages were last shown, and in which language (the server chose it).
function meta(name, fallback) {
  return caches.open(META).then(function (cache) { return cache.match(name); })
    .then(function (found) { return found ? found.text() : fallback; });
}
function currentPerson() { return meta("who", ""); }
function currentLanguage() { return meta("lang", LANGUAGE); }

function pageLanguage(html) {
  var found = /<html[^>]*\slang="([A-Za-z-]+)"/.exec(html);
  return found ? found[1] : "";
}

function words(lang) { return WORDS[lang] || WORDS[LANGUAGE]; }

// Someone is shown a page: only their sheets stay.
function setPerson(who, lang) {
  return caches.open(META).then(function (cache) {
    return Promise.all([cache.put("who", new Response(who)),
      lang ? cache.put("lang", new Response(lang)) : null]);
  }).then(function () { return caches.keys(); }).then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(PAGES) === 0 && (!who || name !== PAGES + who);
    }).map(function (name) { return caches.delete(name); }));
  });
}

// Headers of the page that the kept copy keeps (its Content-Security-Policy
// above all); the rest describe the transfer, not the page.
var KEPT_HEADERS = ["content-type", "content-security-policy", "permissions-policy",
  "x-frame-options", "x-content-type-options", "referrer-policy", "cross-origin-opener-policy"];

// Keeps a sheet under the person it was rendered for, read off the page.
function keep(url, response) {
  if (!response.ok || response.redirected || response.type !== "basic") return Promise.resolve(false);
  return response.text().then(function (html) {
    var who = /data-offline-id="([0-9a-f]+)"/.exec(html);
    if (!who) return false;
    var headers = new Headers();
    KEPT_HEADERS.forEach(function (name) {
      if (response.headers.has(name)) headers.set(name, response.headers.get(name));
    });
    headers.set("x-kept-at", String(Date.now()));
    headers.set("x-kept-lang", pageLanguage(html));
    var title = /<title>([^<]*)<\/title>/.exec(html);
    headers.set("x-kept-title", encodeURIComponent(title ? title[1] : url));
    return caches.open(PAGES + who[1]).then(function (cache) {
      return cache.put(url, new Response(html, { headers: headers }));
    }).then(function () { return true; });
  });
}

function sheetAddress(url) {
  return url.origin === self.location.origin && SHEET.test(url.pathname) && !url.search;
}

// The kept copy of a sheet, for the person and in the language last shown,
// marked with when it was kept (static/js/live.js says so on the page).
function keptCopy(url) {
  var lang = "";
  return Promise.all([currentPerson(), currentLanguage()]).then(function (both) {
    var who = both[0];
    lang = both[1];
    if (!who) return null;
    return caches.open(PAGES + who).then(function (cache) { return cache.match(url); });
  }).then(function (found) {
    if (!found || (found.headers.get("x-kept-lang") || LANGUAGE) !== lang) return null;
    var at = found.headers.get("x-kept-at") || "";
    return found.text().then(function (html) {
      html = html.replace("<html", '<html data-offline-copy="' + at.replace(/\D/g, "") + '"');
      return new Response(html, { status: 200, headers: found.headers });
    });
  });
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, function (c) {
    return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
  });
}

// What a phone out of reach of the server shows instead of the browser's
// own error: that nothing was sent, and the sheets it can still open.
function outOfReach(request) {
  var sent = request.method !== "GET" && request.method !== "HEAD";
  var lang = LANGUAGE;
  return Promise.all([currentPerson(), currentLanguage()]).then(function (both) {
    var who = both[0];
    lang = both[1];
    if (!who) return [];
    return caches.open(PAGES + who).then(function (cache) { return cache.keys(); })
      .then(function (requests) {
        return caches.open(PAGES + who).then(function (cache) {
          return Promise.all(requests.map(function (r) {
            return cache.match(r).then(function (found) {
              return { url: new URL(r.url).pathname,
                       title: decodeURIComponent(found.headers.get("x-kept-title") || ""),
                       lang: found.headers.get("x-kept-lang") };
            });
          }));
        });
      });
  }).then(function (sheets) {
    var said = words(lang);
    var list = sheets.filter(function (s) { return s.lang === lang; }).map(function (s) {
      // The title was escaped when the page was rendered.
      return '<li><a class="card" href="' + escapeHtml(s.url) + '">' + s.title + "</a></li>";
    }).join("");
    var body = '<!doctype html><html lang="' + escapeHtml(WORDS[lang] ? lang : LANGUAGE) + '"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      "<title>" + escapeHtml(said.title) + " · vinescore</title>" +
      '<link rel="stylesheet" href="' + escapeHtml(STYLESHEET) + '"></head><body>' +
      '<header class="topbar"><a class="brand" href="/">vinescore</a></header><main>' +
      "<h1>" + escapeHtml(said.heading) + "</h1>" +
      (sent
        ? '<p class="notice" role="alert">' + escapeHtml(said.notSent) + "</p>"
        : '<p class="notice" role="alert">' + escapeHtml(said.notKept) + ' <a href="' +
          escapeHtml(new URL(request.url).pathname) + '">' + escapeHtml(said.again) + "</a></p>") +
      (list ? "<h2>" + escapeHtml(said.kept) + "</h2><ul class=\"cards\">" + list + "</ul>" : "") +
      "</main></body></html>";
    return new Response(body, { status: 503, headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    } });
  });
}

function withPatience(request) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("no answer")); }, PATIENCE);
    fetch(request).then(function (response) { clearTimeout(timer); resolve(response); },
      function (error) { clearTimeout(timer); reject(error); });
  });
}

function navigate(event) {
  var request = event.request;
  var url = new URL(request.url);
  var signingOut = request.method === "POST" && url.pathname === LOGOUT;
  var before = signingOut ? setPerson("", "") : Promise.resolve();
  return before.then(function () {
    var isSheet = request.method === "GET" && sheetAddress(url);
    return (isSheet ? withPatience(request) : fetch(request)).then(function (response) {
      if (!isSheet) return response;
      if (response.status >= 500) {
        // The app server is down behind its proxy: the kept copy, if any.
        return keptCopy(url.pathname).then(function (kept) { return kept || response; });
      }
      event.waitUntil(keep(url.pathname, response.clone()));
      return response;
    }, function () {
      return (isSheet ? keptCopy(url.pathname) : Promise.resolve(null)).then(function (kept) {
        return kept || outOfReach(request);
      });
    });
  });
}

// Static names carry a hash of their content (the manifest storage), so a
// kept one never goes stale; without one (DEBUG), the network comes first.
var HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/;

function fromShell(request) {
  var path = new URL(request.url).pathname;
  var pyodide = PYODIDE_PREFIX && path.indexOf(PYODIDE_PREFIX) === 0;
  return caches.open(pyodide ? PYODIDE : SHELL).then(function (cache) {
    function fetched() {
      return fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
    }
    if (!HASHED.test(path) && !pyodide) {
      return fetched().catch(function (error) {
        return cache.match(request).then(function (found) { if (found) return found; throw error; });
      });
    }
    return cache.match(request).then(function (found) { return found || fetched(); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A file being uploaded (the Import page) goes straight to the network.
  var upload = (request.headers.get("content-type") || "").indexOf("multipart/") === 0;
  if (request.mode === "navigate" && !upload) {
    event.respondWith(navigate(event));
  } else if (request.method === "GET" && url.pathname.indexOf(STATIC_PREFIX) === 0) {
    event.respondWith(fromShell(request));
  }
  // Everything else (htmx's requests, the outbox's) goes to the network as is.
});

// From the pages (static/js/live.js): whose they are, and "keep this sheet"
// (when first opened, and after it changed on the page).
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "who") {
    event.waitUntil(setPerson(typeof data.who === "string" ? data.who : "",
      typeof data.lang === "string" ? data.lang : ""));
  } else if (data.type === "keep" && typeof data.url === "string") {
    var url = new URL(data.url, self.location.origin);
    if (!sheetAddress(url)) return;
    event.waitUntil(fetch(url.pathname, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return keep(url.pathname, response); })
      .then(function (kept) {
        if (event.source) event.source.postMessage({ type: "kept", url: url.pathname, kept: kept });
      }, function () {}));
  }
});
