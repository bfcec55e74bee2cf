// The live sheet: another phone's change arrives as a new #live, pushed by the stream (htmx's SSE
// extension) or by the poll while no stream is open; how it stands with the server; the service worker.
(function () {
  "use strict";
  const { t, steady, make, on } = window.vinescore;
  const offlineCopy = document.documentElement.getAttribute("data-offline-copy");
  const isPoll = (elt) => !!elt && !!elt.hasAttribute && elt.hasAttribute("data-live-poll");
  const isStream = (event) => event.target && event.target.id === "live-stream";
  const clock = (ms) => new Date(ms).toTimeString().slice(0, 5);
  const parsed = (html) => new DOMParser().parseFromString(html, "text/html").getElementById("live");
  const sheet = () => document.querySelector("form[data-outbox]")?.getAttribute("action").replace(/hands\/$/, "");

  // A newer live part, put in here rather than by htmx's swap: a hand being typed is kept
  // in it, under the thumb; then it is made live, as htmx would, and announced.
  function arrive(html) {
    const live = document.getElementById("live"), fresh = parsed(html);
    if (!live || !fresh || +fresh.getAttribute("data-version") <= +live.getAttribute("data-version")) return;
    const typing = live.querySelector("#hand-form[data-dirty]"), slot = fresh.querySelector("#hand-form");
    steady(() => {
      if (typing && slot) {
        // What the server says moved on goes with the form being typed in, with a way out.
        typing.querySelectorAll("[data-moved]").forEach((old) => old.remove());
        const actions = typing.querySelector(".actions");
        slot.querySelectorAll("[data-moved]").forEach((told) => typing.insertBefore(told, actions));
        slot.replaceWith(document.adoptNode(typing));
        const check = " " + t("Check the hand you are entering before you score it, or") + " ";
        const discard = make("a", { href: location.pathname, textContent: t("drop it and start afresh") });
        fresh.querySelector("[data-moved]")?.append(check, discard, ".");
      }
      live.replaceWith(fresh);
    });
    window.htmx.process(fresh);
    fresh.dispatchEvent(new CustomEvent("vinescore:live", { bubbles: true }));
  }

  // Only a phone with a hand half typed is told what another phone did (sheet_views.live_sheet).
  document.addEventListener("htmx:configRequest", (event) => {
    if (isPoll(event.detail.elt) && document.querySelector("#hand-form[data-dirty]")) {
      event.detail.headers["X-Hand-Typed"] = "true";
    }
  });
  // A poll's new sheet is kept again offline; a pushed one is not (the cost the stream saves).
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (!isPoll(event.detail.requestConfig?.elt) || !event.detail.shouldSwap) return;
    event.detail.shouldSwap = false;
    arrive(event.detail.serverResponse);
    keepSheet();
  });

  // While the stream is open the poll asks nothing; else it carries on while the stream retries.
  let streaming = false;
  document.addEventListener("htmx:sseOpen", (event) => { streaming = streaming || isStream(event); });
  on("htmx:sseError htmx:sseClose", (event) => { streaming = streaming && !isStream(event); });
  document.addEventListener("htmx:beforeRequest", (event) => {
    const elt = event.detail.elt;
    if (streaming && isPoll(elt) && !elt.hasAttribute("data-catch-up")) event.preventDefault();
  });
  document.addEventListener("htmx:sseBeforeMessage", (event) => {
    if (!isStream(event)) return;
    event.preventDefault(); // put in here, as the poll's answer is
    // A hand of this phone's on its way: its answer brings the sheet as it is then.
    if (window.vinescore.outbox?.sending()) return;
    const poll = document.querySelector("#live [data-live-poll]");
    if (!document.querySelector("#hand-form[data-dirty]")) return arrive(event.detail.data);
    // A hand half typed: ask once, as the poll does, to be told what moved on.
    if (poll) poll.setAttribute("data-catch-up", "");
    if (poll) window.htmx.trigger(poll, "catch-up");
  });

  // The line saying how this sheet stands with the server.
  let reachable = true;
  function line(text) {
    const live = document.getElementById("live");
    let el = document.getElementById("connection");
    if (!el) {
      el = make("p", { id: "connection", className: "notice connection" }, { role: "status" });
      (live || document.querySelector("main")).insertAdjacentElement(live ? "beforebegin" : "afterbegin", el);
    }
    el.textContent = text;
    return el;
  }

  // A kept copy, back online, offers a reload; else the line goes.
  function connection(ok) {
    if (offlineCopy ? !ok || document.getElementById("connection-reload") : ok === reachable) return;
    const reload = make("a", { id: "connection-reload", href: location.pathname });
    reload.textContent = t("Reload the sheet to use all of it.");
    reachable = ok;
    steady(() => {
      if (!ok) line(t("Not connected since {time}: this sheet is not updating. It tries again by itself; hands " +
        "you score are kept on this phone and sent when the connection returns.", { time: clock(Date.now()) }));
      else if (offlineCopy) line(t("Back online.") + " ").appendChild(reload);
      else document.getElementById("connection")?.remove();
    });
    if (ok) document.dispatchEvent(new CustomEvent("vinescore:online"));
  }
  on("htmx:sendError htmx:timeout htmx:responseError", (event) => isPoll(event.detail.elt) && connection(false));
  document.addEventListener("htmx:afterRequest", (event) => {
    const { elt, xhr } = event.detail;
    if (elt && elt.hasAttribute("data-catch-up")) elt.removeAttribute("data-catch-up");
    if (isPoll(elt) && xhr && xhr.status && xhr.status < 500) connection(true);
  });

  let keepTimer = null;
  function keepSheet() {
    if (offlineCopy || !navigator.serviceWorker || location.pathname !== sheet()) return;
    clearTimeout(keepTimer);
    keepTimer = setTimeout(async () => {
      const worker = (await navigator.serviceWorker.ready).active;
      if (worker) worker.postMessage({ type: "keep", url: location.pathname });
    }, document.documentElement.hasAttribute("data-offline-ready") ? 3000 : 0);
  }

  // The sheet a hand's answer brings is kept again too.
  document.addEventListener("htmx:afterSettle", (event) => event.detail.target?.id === "live" && keepSheet());

  async function startWorker() {
    const note = document.querySelector("[data-offline-note]");
    const who = document.querySelector("[data-offline-id]");
    // Install and offline opening need https.
    if (!window.isSecureContext || !navigator.serviceWorker) return note?.removeAttribute("hidden");
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data?.kept) document.documentElement.dataset.offlineReady = "";
    });
    try {
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    } catch (error) {
      note?.removeAttribute("hidden");
      if (note) note.textContent = t("This browser would not keep vinescore for offline use: a sheet will not " +
        "open without the server. Hands you cannot send are still kept on this phone.");
      return;
    }
    const worker = (await navigator.serviceWorker.ready).active, lang = document.documentElement.lang;
    if (who) worker?.postMessage({ type: "who", who: who.getAttribute("data-offline-id"), lang: lang });
    keepSheet();
  }
  window.vinescore.live = { arrive, connection };

  // A sheet kept by the service worker, opened offline: only the hand form works (into the outbox).
  if (offlineCopy) {
    reachable = false;
    line(t("Offline: last updated {time}. Hands you score are kept on this phone and sent when the connection " +
      "returns.", { time: clock(parseInt(offlineCopy, 10)) }));
    const others = "main form:not([data-outbox]) :is(input, select, textarea, button)";
    document.querySelectorAll(others).forEach((el) => { el.disabled = true; });
  }
  startWorker(); // a deferred script: the page is there
})();
