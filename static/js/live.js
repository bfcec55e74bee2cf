// The live sheet: another phone's change arrives as a new #live, pushed by
// the stream (stream_views.py, htmx's SSE extension) or asked for by the poll
// (sheet_views.game_live) while the stream is not open. A hand being typed
// is kept in the new sheet, with the word that the sheet moved on. The line
// that says how this sheet stands with the server, and the service worker
// (/sw.js) that keeps the sheets this person opened for offline use.
(function () {
  "use strict";

  var t = window.vinescoreWords;
  var steady = window.vinescoreSteady;
  var PATIENCE = 15000;

  function isPoll(elt) { return !!elt && !!elt.hasAttribute && elt.hasAttribute("data-live-poll"); }
  function isStream(event) { return event.target && event.target.id === "live-stream"; }
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clock(ms) { var d = new Date(ms); return pad(d.getHours()) + ":" + pad(d.getMinutes()); }

  // Put in here rather than by htmx's swap: made live as htmx would, and
  // announced, so the outbox and a kept game fill it at once.
  function settled(fresh) {
    window.htmx.process(fresh);
    fresh.dispatchEvent(new CustomEvent("vinescore:live", { bubbles: true }));
  }

  // A new live part: "stale" when the phone shows it or a newer one already,
  // "kept" when it was put in around a hand being typed, "swap" when it may
  // simply replace the old one.
  function arrive(html) {
    var live = document.getElementById("live");
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
    if (!live || !fresh) return "stale";
    if (parseInt(fresh.getAttribute("data-version"), 10) <= parseInt(live.getAttribute("data-version"), 10)) return "stale";
    var typing = live.querySelector("#hand-form[data-dirty]");
    var slot = fresh.querySelector("#hand-form");
    if (!typing || !slot) return "swap";
    steady(function () {
      // What the server says moved on goes with the form being typed in.
      typing.querySelectorAll("[data-moved]").forEach(function (old) { old.remove(); });
      slot.querySelectorAll("[data-moved]").forEach(function (told) { typing.insertBefore(told, typing.querySelector(".actions")); });
      slot.replaceWith(document.adoptNode(typing));
      var moved = fresh.querySelector("[data-moved]");
      if (moved) {
        var discard = document.createElement("a");
        discard.href = window.location.pathname;
        discard.textContent = t("drop it and start afresh");
        moved.append(" " + t("Check the hand you are entering before you score it, or") + " ", discard, ".");
      }
      live.replaceWith(fresh);
    });
    settled(fresh);
    return "kept";
  }

  // Only a phone with a hand half typed is told what another phone did
  // meanwhile (sheet_views.live_sheet); an idle phone just shows the new sheet.
  document.addEventListener("htmx:configRequest", function (event) {
    if (isPoll(event.detail.elt) && document.querySelector("#hand-form[data-dirty]")) {
      event.detail.headers["X-Hand-Typed"] = "true";
    }
  });
  var held = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!isPoll(source) || !event.detail.shouldSwap) return;
    if (arrive(event.detail.serverResponse) !== "swap") event.detail.shouldSwap = false;
    else held = window.vinescoreHold();
  });
  document.addEventListener("htmx:afterSwap", function () { if (held) held(); held = null; });

  // While the stream is open the poll asks nothing; when it drops, or never
  // opens, the poll carries on while the SSE extension tries it again.
  var streaming = false;
  document.addEventListener("htmx:sseOpen", function (event) { if (isStream(event)) streaming = true; });
  ["htmx:sseError", "htmx:sseClose"].forEach(function (name) {
    document.addEventListener(name, function (event) { if (isStream(event)) streaming = false; });
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (streaming && isPoll(elt) && !elt.hasAttribute("data-catch-up")) event.preventDefault();
  });
  document.addEventListener("htmx:sseBeforeMessage", function (event) {
    if (!isStream(event)) return;
    event.preventDefault(); // put in here, as the poll's answer is
    // A hand of this phone's on its way: its answer brings the sheet as it is then.
    if (window.vinescoreOutbox && window.vinescoreOutbox.sending()) return;
    var live = document.getElementById("live");
    if (live && live.querySelector("#hand-form[data-dirty]")) {
      // A hand half typed: ask once, as the poll does, to be told what moved on.
      var poll = live.querySelector("[data-live-poll]");
      if (poll) {
        poll.setAttribute("data-catch-up", "");
        window.htmx.trigger(poll, "catch-up");
      }
      return;
    }
    if (arrive(event.detail.data) === "swap") {
      var fresh = new DOMParser().parseFromString(event.detail.data, "text/html").getElementById("live");
      steady(function () { live.replaceWith(fresh); });
      settled(fresh);
    }
  });

  // --- how this sheet stands with the server -----------------------------------

  var offlineCopy = document.documentElement.getAttribute("data-offline-copy");
  var reachable = true;

  function line(text) {
    var el = document.getElementById("connection");
    var live = document.getElementById("live"), main = document.querySelector("main");
    if (!el && (live || main)) {
      el = document.createElement("p");
      el.id = "connection";
      el.className = "notice connection";
      el.setAttribute("role", "status");
      if (live) live.insertAdjacentElement("beforebegin", el);
      else main.insertBefore(el, main.firstChild);
    }
    if (el) el.textContent = text;
    return el;
  }

  function connection(ok) {
    if (offlineCopy) {
      if (ok && !document.getElementById("connection-reload")) {
        steady(function () {
          var link = document.createElement("a");
          link.id = "connection-reload";
          link.href = window.location.pathname;
          link.textContent = t("Reload the sheet to use all of it.");
          line(t("Back online.") + " ").appendChild(link);
        });
        document.dispatchEvent(new CustomEvent("vinescore:online"));
      }
      return;
    }
    if (ok === reachable) return;
    reachable = ok;
    if (ok) {
      var old = document.getElementById("connection");
      if (old) steady(function () { old.remove(); });
      document.dispatchEvent(new CustomEvent("vinescore:online"));
    } else {
      steady(function () {
        line(t("Not connected since {time}: this sheet is not updating. It tries again by itself; hands you " +
          "score are kept on this phone and sent when the connection returns.", { time: clock(Date.now()) }));
      });
    }
  }
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (name) {
    document.addEventListener(name, function (event) { if (isPoll(event.detail.elt)) connection(false); });
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    if (detail.elt && detail.elt.hasAttribute("data-catch-up")) detail.elt.removeAttribute("data-catch-up");
    if (isPoll(detail.elt) && detail.xhr && detail.xhr.status && detail.xhr.status < 500) connection(true);
  });

  // A sheet the service worker kept, opened out of reach of the server: its
  // hand form works (into the outbox), the rest waits for a reload.
  function markOfflineCopy() {
    if (!offlineCopy) return;
    reachable = false;
    line(t("Offline: last updated {time}. Hands you score are kept on this phone and sent when the connection " +
      "returns.", { time: clock(parseInt(offlineCopy, 10)) }));
    document.querySelectorAll("main form:not([data-outbox])").forEach(function (form) {
      Array.prototype.forEach.call(form.elements, function (el) { el.disabled = true; });
    });
  }

  // --- the service worker --------------------------------------------------------

  function sheet() { var form = document.querySelector("form[data-outbox]"); return form && form.getAttribute("action").replace(/hands\/$/, ""); }
  var keepTimer = null;
  function keepSheet() {
    if (offlineCopy || !navigator.serviceWorker || window.location.pathname !== sheet()) return;
    clearTimeout(keepTimer);
    keepTimer = setTimeout(function () {
      navigator.serviceWorker.ready.then(function (registration) {
        if (registration.active) registration.active.postMessage({ type: "keep", url: window.location.pathname });
      });
    }, document.documentElement.hasAttribute("data-offline-ready") ? 3000 : 0);
  }

  function startWorker() {
    var note = document.querySelector("[data-offline-note]");
    if (!window.isSecureContext || !("serviceWorker" in navigator)) {
      if (note) note.hidden = false; // install and offline opening need https
      return;
    }
    navigator.serviceWorker.addEventListener("message", function (event) {
      if ((event.data || {}).type === "kept" && event.data.kept) document.documentElement.setAttribute("data-offline-ready", "");
    });
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var who = document.querySelector("[data-offline-id]");
      if (who && registration.active) {
        registration.active.postMessage({ type: "who", who: who.getAttribute("data-offline-id"), lang: document.documentElement.lang });
      }
      keepSheet();
    }).catch(function () {
      if (!note) return;
      note.textContent = t("This browser would not keep vinescore for offline use: a sheet will not open " +
        "without the server. Hands you cannot send are still kept on this phone.");
      note.hidden = false;
    });
  }
  // A poll's new sheet is kept again; a pushed one is not (a whole page asked
  // for by every phone on every hand, the cost the stream is there to save).
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail.target && event.detail.target.id === "live") keepSheet();
  });

  window.vinescoreLive = { arrive: arrive, connection: connection, patience: PATIENCE };

  function ready() { markOfflineCopy(); startWorker(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
