// Every request that fails says so beside what was tapped, in words, with
// Try again; and a plain form's post is sent only once vinescore answers.
// Progressive enhancement: every form works as a plain post without it.
(function () {
  "use strict";

  var t = window.vinescoreWords;
  var PATIENCE = 15000; // ms before a request is taken as not arrived
  var UNREACHED = "Could not reach vinescore (no connection?): this did not go through.";
  var SILENT = "No answer from vinescore in {seconds} seconds: this did not go through.";
  var FAILING = "vinescore had a problem (error {status}): this did not go through.";

  function say(beside, text, retry) {
    var old = beside.nextElementSibling, line = document.createElement("span");
    if (old && old.hasAttribute("data-request-failed")) old.remove();
    line.className = "request-failed";
    line.setAttribute("role", "alert");
    line.setAttribute("data-request-failed", "");
    line.textContent = text + " ";
    if (retry) {
      var again = line.appendChild(document.createElement("button"));
      again.type = "button";
      again.className = "small";
      again.textContent = t("Try again");
      again.addEventListener("click", function () { line.remove(); retry(); });
    }
    beside.insertAdjacentElement("afterend", line);
  }

  function failed(event) {
    var detail = event.detail || {}, elt = detail.elt || (detail.requestConfig && detail.requestConfig.elt);
    if (!elt || !elt.isConnected || elt.hasAttribute("data-live-poll")) return; // live.js says so
    var status = detail.xhr ? detail.xhr.status : 0;
    var text = event.type === "htmx:timeout" ? t(SILENT, { seconds: PATIENCE / 1000 })
      : event.type === "htmx:sendError" || !status ? t(UNREACHED)
      : status >= 500 ? t(FAILING, { status: status })
      : status === 403 ? t("Refused: you may not do this here, or you were signed out (error 403).")
      : status === 404 ? t("Not found: it may have been deleted (error 404).")
      : t("Refused by vinescore (error {status}).", { status: status });
    var beside = /^(FORM|A|BUTTON)$/.test(elt.tagName) ? elt : elt.closest("form, a, button") || elt;
    say(beside, text, function () {
      if (beside.tagName === "FORM") window.htmx.trigger(beside, "submit");
      else beside.click();
    });
  }
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (name) { document.addEventListener(name, failed); });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var next = event.detail.elt && event.detail.elt.nextElementSibling;
    if (next && next.hasAttribute("data-request-failed")) next.remove();
  });

  // A plain post (Undo, Save note, Rematch, ...) is still sent by the
  // browser, so its answer shows as it always has; but vinescore is asked
  // first whether it answers at all (/up/: one query, no page). When it does
  // not, nothing is sent: the words go beside the button, with Try again.
  // (Sent from here, a redirect's #place would be lost, and with no answer
  // it could not be said whether it arrived.)
  function chosen(form, submitter, name) {
    return ((submitter && submitter.getAttribute("form" + name)) || form.getAttribute(name) || "").toLowerCase();
  }
  function htmxSends(el) {
    return !!el && ["post", "get", "put", "patch", "delete"].some(function (verb) {
      return el.hasAttribute("hx-" + verb) || el.hasAttribute("data-hx-" + verb);
    });
  }

  // A post to this site the browser would send as a page: not htmx's, not
  // the outbox's, not a file (left to the service worker), not for another window.
  function plainPost(form, submitter) {
    var target = chosen(form, submitter, "target");
    if (!form.requestSubmit || form.hasAttribute("data-outbox") || chosen(form, submitter, "method") !== "post" ||
        chosen(form, submitter, "enctype") === "multipart/form-data" || (target && target !== "_self") ||
        form.hasAttribute("download") || htmxSends(form) || htmxSends(submitter) ||
        form.closest('[hx-boost="true"], [data-hx-boost="true"]')) return false;
    try {
      return new URL(chosen(form, submitter, "action") || window.location.href, window.location.href).origin ===
        window.location.origin;
    } catch (e) {
      return false;
    }
  }

  function reach(form, submitter) {
    var beside = submitter && submitter.isConnected ? submitter : form;
    function notSent(text) {
      form.removeAttribute("data-reaching");
      say(beside, text, function () { reach(form, submitter); });
    }
    if (navigator.onLine === false) return notSent(t(UNREACHED));
    form.setAttribute("data-reaching", "");
    var abort = new AbortController(), timer = setTimeout(function () { abort.abort(); }, PATIENCE);
    fetch("/up/", { method: "HEAD", cache: "no-store", credentials: "same-origin", redirect: "manual", signal: abort.signal })
      .then(function (response) {
        clearTimeout(timer);
        if (response.status >= 500) return notSent(t(FAILING, { status: response.status }));
        form.removeAttribute("data-reaching");
        if (!form.isConnected) return; // the sheet moved on meanwhile: nothing to send
        form.vinescoreReached = true; // the submit event comes again, at once: this time it goes
        try {
          if (submitter && submitter.isConnected && submitter.form === form) form.requestSubmit(submitter);
          else form.requestSubmit();
        } finally {
          form.vinescoreReached = false;
        }
      }, function (error) {
        clearTimeout(timer);
        notSent(error && error.name === "AbortError" ? t(SILENT, { seconds: PATIENCE / 1000 }) : t(UNREACHED));
      });
  }

  // As the event bubbles: after htmx (on the form) and the outbox (capturing).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || form.tagName !== "FORM" || form.vinescoreReached) return;
    if (!plainPost(form, event.submitter || null)) return;
    event.preventDefault();
    if (!form.hasAttribute("data-reaching")) reach(form, event.submitter || null); // else a second tap while asking
  });

  window.vinescoreSay = say;
})();
