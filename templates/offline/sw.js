// vinescore's service worker (vinescore.offline.views): the app's files, and the last copy of each
// sheet this person opened, in the language it was kept in, to open offline (told by its headers, kept.py).
"use strict";
var SHELL = "vinescore-shell-{{ version }}";
var SHELL_FILES = [{% for url in shell %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
var STATIC_PREFIX = "{{ static_prefix|escapejs }}";
// Pyodide, for a game kept on the phone: its version is in this worker's name.
var PYODIDE_PREFIX = "{{ pyodide_prefix|escapejs }}";
var PYODIDE = "vinescore-pyodide-{{ pyodide_version }}";
var STYLESHEET = "{{ stylesheet|escapejs }}";
var LOGOUT = "{{ logout|escapejs }}";
var PAGES = "vinescore-pages-"; // + whose pages they are
var META = "vinescore-meta"; // who the pages last shown belong to, and their language
// The words of the page this worker draws itself, in each language.
var WORDS = {{ words|safe }};
var LANGUAGE = "{{ language_code|escapejs }}"; // the server's default
var SHEET = /^\/games\/\d+\/$/;
var PATIENCE = 8000; // a server silent this long is out of reach
// A static name with its content's hash never goes stale; without one (DEBUG), the network comes first.
var HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/;
// The headers a kept copy keeps (its Content-Security-Policy above all).
var KEPT_HEADERS = ["content-type", "content-security-policy", "permissions-policy",
  "x-frame-options", "x-content-type-options", "referrer-policy", "cross-origin-opener-policy"];
self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => {
  const old = (name) => (name.startsWith("vinescore-shell-") && name !== SHELL) ||
    (name.startsWith("vinescore-pyodide-") && name !== PYODIDE);
  event.waitUntil(dropCaches(old).then(() => self.clients.claim()));
});
const dropCaches = async (old) => Promise.all((await caches.keys()).filter(old).map((n) => caches.delete(n)));

// Whose pages were last shown, and in which language (the server chose it).
async function shown() {
  const cache = await caches.open(META);
  const [who, lang] = await Promise.all([cache.match("who"), cache.match("lang")]);
  return { who: who ? await who.text() : "", lang: lang ? await lang.text() : LANGUAGE };
}

// Someone is shown a page: only their sheets stay.
async function setPerson(who, lang) {
  const cache = await caches.open(META);
  await cache.put("who", new Response(who));
  if (lang) await cache.put("lang", new Response(lang));
  await dropCaches((name) => name.startsWith(PAGES) && (!who || name !== PAGES + who));
}

// Keeps a sheet under the person the server says it was rendered for; nobody's is not kept.
async function keep(url, response) {
  const said = (name) => response.headers.get(name) || "", who = said("x-vinescore-person");
  if (!response.ok || response.redirected || response.type !== "basic" || !/^[0-9a-f]+$/.test(who)) return false;
  const headers = new Headers();
  for (const name of KEPT_HEADERS) {
    if (response.headers.has(name)) headers.set(name, response.headers.get(name));
  }
  headers.set("x-kept-at", String(Date.now()));
  headers.set("x-kept-lang", said("content-language"));
  headers.set("x-kept-title", said("x-vinescore-title") || encodeURIComponent(url)); // percent-encoded
  await (await caches.open(PAGES + who)).put(url, new Response(response.body, { headers: headers }));
  return true;
}
const sheetAddress = (url) => url.origin === self.location.origin && SHEET.test(url.pathname) && !url.search;

// The sheets kept for the person and in the language last shown, by their path.
async function keptSheets() {
  const { who, lang } = await shown(), cache = who ? await caches.open(PAGES + who) : null;
  const sheets = [];
  for (const request of cache ? await cache.keys() : []) {
    const found = await cache.match(request);
    if ((found.headers.get("x-kept-lang") || LANGUAGE) !== lang) continue;
    sheets.push({ path: new URL(request.url).pathname, found });
  }
  return { lang, sheets };
}

// The kept copy of a sheet, marked with when it was kept (static/js/live.js says so).
async function keptCopy(path) {
  const { found } = (await keptSheets()).sheets.find((s) => s.path === path) || {};
  if (!found) return null;
  const at = (found.headers.get("x-kept-at") || "").replace(/\D/g, "");
  const html = (await found.text()).replace("<html", '<html data-offline-copy="' + at + '"');
  return new Response(html, { status: 200, headers: found.headers });
}
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) =>
  ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// Instead of the browser's error: that nothing was sent, and the sheets it can still open.
async function outOfReach(request) {
  const { lang, sheets } = await keptSheets(), said = WORDS[lang] || WORDS[LANGUAGE], e = escapeHtml;
  const again = `<a href="${e(new URL(request.url).pathname)}">${e(said.again)}</a>`;
  const list = sheets.map((s) => `<li><a class="card" href="${e(s.path)}">` +
    e(decodeURIComponent(s.found.headers.get("x-kept-title") || "")) + "</a></li>").join("");
  const body = `<!doctype html><html lang="${e(WORDS[lang] ? lang : LANGUAGE)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(said.title)} · vinescore</title>
<link rel="stylesheet" href="${e(STYLESHEET)}"></head><body>
<header class="topbar"><a class="brand" href="/">vinescore</a></header><main><h1>${e(said.heading)}</h1>
<p class="notice" role="alert">` +
    (request.method !== "GET" && request.method !== "HEAD" ? e(said.notSent) : e(said.notKept) + " " + again) +
    "</p>" + (list ? `<h2>${e(said.kept)}</h2><ul class="cards">${list}</ul>` : "") + "</main></body></html>";
  const policy = "default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; " +
    "base-uri 'none'; frame-ancestors 'none'";
  return new Response(body, { status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": policy } });
}

// The one fetch strategy: the network, then `fallback(response or null)` answers if it has something.
const late = (ms) => new Promise((resolve, reject) => setTimeout(() => reject(new Error("no answer")), ms));
async function network(request, fallback, patience) {
  let response = null;
  try {
    response = await (patience ? Promise.race([fetch(request), late(patience)]) : fetch(request));
  } catch (error) {
    return (await fallback(null)) || Promise.reject(error);
  }
  return (await fallback(response)) || response;
}

async function navigate(event) {
  const request = event.request, url = new URL(request.url);
  if (request.method === "POST" && url.pathname === LOGOUT) await setPerson("", "");
  if (request.method !== "GET" || !sheetAddress(url)) {
    return network(request, (response) => (response ? null : outOfReach(request)));
  }
  return network(request, async (response) => {
    // None, or the app server down behind its proxy: the kept copy, if any.
    const down = !response || response.status >= 500;
    if (down) return (await keptCopy(url.pathname)) || response || outOfReach(request);
    event.waitUntil(keep(url.pathname, response.clone()));
  }, PATIENCE);
}

async function fromShell(request) {
  const path = new URL(request.url).pathname, pyodide = PYODIDE_PREFIX && path.startsWith(PYODIDE_PREFIX);
  const cache = await caches.open(pyodide ? PYODIDE : SHELL);
  const found = await cache.match(request);
  if (found && (pyodide || HASHED.test(path))) return found;
  return network(request, (response) => {
    if (!response) return found;
    if (response.ok) cache.put(request, response.clone());
  });
}
self.addEventListener("fetch", (event) => {
  const request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A file being uploaded (the Import page) goes straight to the network.
  const upload = (request.headers.get("content-type") || "").startsWith("multipart/");
  if (request.mode === "navigate" && !upload) {
    event.respondWith(navigate(event));
  } else if (request.method === "GET" && url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(fromShell(request));
  }
  // Everything else (htmx's requests, the outbox's) goes to the network as is.
});

// From the pages (static/js/live.js): whose they are, and "keep this sheet".
self.addEventListener("message", (event) => {
  const data = event.data || {}, text = (value) => (typeof value === "string" ? value : "");
  const url = new URL(text(data.url), self.location.origin), path = url.pathname;
  if (data.type === "who") event.waitUntil(setPerson(text(data.who), text(data.lang)));
  if (data.type !== "keep" || !data.url || !sheetAddress(url)) return;
  event.waitUntil(fetch(path, { cache: "no-store" }).then((response) => keep(path, response))
    .then((kept) => event.source?.postMessage({ type: "kept", url: path, kept: kept }), () => {}));
});
