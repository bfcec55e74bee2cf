// The outbox: no hand is lost to a dropped connection. A hand goes by htmx's
// own request (the hand form's hx-post); as it goes, it is kept here
// (localStorage, which works on plain http) with the version of the sheet it
// was typed against and a one-time key of its own. Not answered, it waits,
// and goes again by itself, in order, by htmx.ajax, until the server
// answers: stored, stored already (same key), or refused (409: the sheet
// comes back with the hand in its form). It forgets a hand only on an answer.
(function () {
  "use strict";

  var t = window.vinescoreWords;
  var steady = window.vinescoreSteady;
  var keeping = window.vinescoreStore;
  var hand = window.vinescoreHand;
  var OUTBOX = "vinescore:outbox";

  function all() { return keeping.load(OUTBOX, []); }
  function mine(state, sheet) {
    var who = keeping.person();
    return all().filter(function (e) {
      return e.who === who && (!state || e.state === state) && (!sheet || e.sheet === sheet);
    });
  }
  function update(id, change) {
    keeping.store(OUTBOX, all().map(function (e) { return e.id === id ? Object.assign({}, e, change) : e; }));
  }
  function remove(id) { keeping.store(OUTBOX, all().filter(function (e) { return e.id !== id; })); }

  function handForm() { return document.getElementById("hand-form"); }
  function sheetOf(action) { return action.replace(/hands\/$/, ""); }
  function currentSheet() { var form = document.querySelector("form[data-outbox]"); return form && sheetOf(form.getAttribute("action")); }
  // The number of the next hand, and the version, as the server drew them.
  function drawn(live, name) { return live ? parseInt(live.getAttribute(name), 10) : NaN; }

  // A key of its own (changes.KEY): one in a page kept offline may be used already.
  function freshKey() {
    var bytes = new Uint8Array(18);
    window.crypto.getRandomValues(bytes);
    return window.btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // "Ben, 4": the chips picked, for the row of a hand not sent yet.
  function gist(form) {
    return Array.prototype.filter.call(form.querySelectorAll("input:checked"), function (el) { return !el.disabled; })
      .map(function (el) { return el.closest("label") ? el.closest("label").textContent.trim() : ""; })
      .filter(Boolean).slice(0, 6).join(", ");
  }

  // --- a hand as it is sent ------------------------------------------------------

  var sending = null; // the entry on its way
  var quiet = null, slowTimer = null, SLOW = 1500; // the one sent straight away, not listed yet
  var retryIn = 2000, retryTimer = null;

  function isHand(elt) { return !!elt && !!elt.matches && elt.matches("form[data-outbox]"); }
  function ours(detail) {
    var config = detail.requestConfig || detail;
    return !!sending && !!config.formData && config.formData.get("key") === sending.key;
  }

  // A second tap while the hand is on its way, or just after with nothing
  // typed since, is the same hand (each one kept gets a key of its own).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!isHand(form)) return;
    var again = Date.now() - (form.vinescoreSentAt || 0) < 1500 && !form.hasAttribute("data-dirty");
    if (form.hasAttribute("data-sending") || again) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    if (!isHand(form)) return;
    var sheet = sheetOf(form.getAttribute("action"));
    var waiting = mine("waiting");
    var entry = {
      id: freshKey(), key: freshKey(), who: keeping.person(), url: form.getAttribute("action"), sheet: sheet,
      fields: hand.typed(form), version: parseInt(form.querySelector('[name="version"]').value, 10),
      number: drawn(document.getElementById("live"), "data-next-number") + mine("waiting", sheet).length,
      gist: gist(form), state: "waiting", at: Date.now(),
      // Sent now only when nothing waits before it; one that had to wait
      // gets its facts back in the form if another phone overtook it.
      queued: waiting.length > 0 || !!sending || navigator.onLine === false,
    };
    if (!keeping.store(OUTBOX, all().concat([entry]))) {
      event.preventDefault();
      say(form, t("This phone could not keep the hand (its storage is full or switched off), so it was not " +
        "sent. It is still in the form."), function () { window.htmx.trigger(form, "submit"); });
      return;
    }
    form.vinescoreSentAt = Date.now();
    if (form === handForm()) hand.clearDraft(form);
    if (entry.queued) {
      event.preventDefault();
      if (form === handForm()) hand.reset(form);
      show();
      flush();
      return;
    }
    event.detail.formData.set("key", entry.key);
    sending = entry;
    form.setAttribute("data-sending", "");
    // Sent straight away: nothing is drawn above the form while it goes (the
    // answer's sheet would take it away again, the page moved twice); only a
    // hand still on its way after a while, or one that failed, is listed.
    quiet = entry.id;
    clearTimeout(slowTimer);
    slowTimer = setTimeout(function () { if (quiet === entry.id) { quiet = null; show(); } }, SLOW);
    show();
  });

  // The next hand waiting, sent by htmx as the form would send it; another
  // game's (kept on this phone from its own sheet) goes without a swap here.
  function flush() {
    if (sending) return;
    var next = mine("waiting")[0];
    if (!next) return;
    if (navigator.onLine === false) { notSent(next, {}); return; }
    var here = next.sheet === currentSheet();
    var values = { version: String(next.version), key: next.key };
    next.fields.forEach(function (f) { (values[f[0]] = values[f[0]] || []).push(f[1]); });
    sending = next;
    show();
    window.htmx.ajax("POST", next.url, {
      source: document.getElementById("live") || document.body, values: values,
      target: here ? "#live" : null, swap: "outerHTML", handler: here ? null : function () {},
    }).catch(function () { /* said by the events below */ });
  }

  // No answer: the hand stays, and goes again by itself.
  function notSent(entry, why) {
    mine("waiting").forEach(function (e) { update(e.id, { queued: true }); });
    update(entry.id, {
      why: why.status ? t("the server had a problem (error {status})", { status: why.status })
        : why.timeout ? t("no answer in {seconds} seconds", { seconds: window.vinescoreLive.patience / 1000 })
        : t("no connection"),
    });
    if (free()) hand.reset(handForm()); // it waits with the rest: the form is free
    sending = quiet = null;
    if (!why.status) window.vinescoreLive.connection(false);
    show();
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, retryIn);
    retryIn = Math.min(retryIn * 2, 30000);
  }

  function failed(event) {
    if (!ours(event.detail)) return;
    event.stopImmediatePropagation(); // no words beside the form: the hand is kept
    notSent(sending, { timeout: event.type === "htmx:timeout" });
  }
  ["htmx:sendError", "htmx:timeout", "htmx:sendAbort"].forEach(function (name) {
    document.addEventListener(name, failed, true);
  });
  document.addEventListener("htmx:responseError", function (event) {
    if (ours(event.detail)) event.stopImmediatePropagation(); // answered below
  }, true);

  // The forms of the hand on its way are free again; true when it was the hand form's.
  function free() {
    var was = !!handForm() && handForm().hasAttribute("data-sending");
    document.querySelectorAll("form[data-sending]").forEach(function (form) { form.removeAttribute("data-sending"); });
    return was;
  }
  function typingAnother() { var form = handForm(); return !!form && form.matches("[data-dirty]:not([data-sending])"); }

  // What the server answered, before htmx puts it in: not over a hand being
  // typed meanwhile (kept in the new sheet, as another phone's hand is), and
  // never a sign-in page.
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!ours(event.detail)) return;
    var xhr = event.detail.xhr;
    if (new URL(xhr.responseURL, window.location.href).pathname !== sending.url) {
      event.detail.shouldSwap = false;
    } else if (event.detail.shouldSwap && typingAnother()) {
      event.detail.shouldSwap = false;
      window.vinescoreLive.arrive(xhr.responseText);
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (!ours(event.detail) || !xhr || !xhr.status) return;
    var entry = sending, status = xhr.status;
    if (status >= 500) return notSent(entry, { status: status });
    sending = quiet = null;
    free();
    var same = function (e) { return e.sheet === entry.sheet && e.id !== entry.id && e.state === "waiting" && e.version === entry.version; };
    if (new URL(xhr.responseURL, window.location.href).pathname !== entry.url) {
      update(entry.id, { state: "stuck", why: refusal(403) }); // sent to the sign-in page
    } else if (status < 300) {
      // Stored (or stored before, under the same key). The hands typed after
      // it against the same sheet go as from the version the answer shows.
      remove(entry.id);
      var version = drawn(new DOMParser().parseFromString(xhr.responseText, "text/html").getElementById("live"), "data-version");
      mine("waiting").filter(same).forEach(function (e) { update(e.id, { version: version }); });
    } else if (status === 409 || status === 422) {
      // Overtaken, or not a hand as typed: the ones typed after it against
      // the same sheet wait for the scorekeeper.
      mine("waiting").filter(same).forEach(function (e) {
        update(e.id, { state: "check", why: t("the sheet changed before it was sent") });
      });
      if (entry.sheet !== currentSheet() || typingAnother()) {
        update(entry.id, { state: "check", why: status === 409 ? t("another phone changed the sheet first")
          : t("it could not be scored as typed") });
      } else {
        // The sheet came back with the hand in its form, and the words why.
        remove(entry.id);
        // A hand another phone overtook is kept from a push's swap and through a reload.
        var back = handForm();
        if (back && status === 409) {
          back.setAttribute("data-dirty", "");
          hand.saveDraft(back);
        }
      }
    } else {
      update(entry.id, { state: "stuck", why: refusal(status) });
    }
    retryIn = 2000;
    show();
    window.vinescoreLive.connection(true); // it sends what waits next
    flush();
  });

  function refusal(status) {
    return status === 403 ? t("the server refused it (403): sign in again, then try again")
      : status === 404 ? t("the server does not know this game any more (404)")
      : t("the server refused it (error {status})", { status: status });
  }

  // --- the hands not sent yet, on the sheet ----------------------------------------

  function button(text, action, id) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "small";
    b.textContent = text;
    b.setAttribute("data-outbox-action", action);
    b.setAttribute("data-entry", id);
    return b;
  }

  function show() {
    var live = document.getElementById("live");
    var old = document.getElementById("outbox");
    var sheet = currentSheet();
    var list = sheet ? mine(null, sheet).filter(function (e) { return e.id !== quiet; }) : [];
    if (live && list.length) {
      var box = document.createElement("section");
      box.id = "outbox";
      box.className = "outbox";
      box.setAttribute("aria-live", "polite");
      var title = box.appendChild(document.createElement("h2"));
      title.textContent = t("Not sent yet");
      var rows = box.appendChild(document.createElement("ol"));
      list.forEach(function (e) {
        var li = rows.appendChild(document.createElement("li"));
        li.className = "outbox-" + e.state;
        li.setAttribute("data-entry", e.id);
        li.appendChild(document.createElement("strong")).textContent =
          t("Hand {number}", { number: e.number || "" }) + (e.gist ? " (" + e.gist + ")" : "");
        var on = sending && sending.id === e.id;
        li.append(": " + (e.state === "waiting" && on ? t("sending…")
          : e.state === "waiting" ? t("not sent yet") + (e.why ? " (" + e.why + ")" : "") + ". " +
            t("Kept on this phone; it is sent by itself when the connection returns.")
          : e.state === "check" ? t("not saved, {why}.", { why: e.why }) + " " +
            t("Put it back in the form to check it and score it again.")
          : t("not saved, {why}.", { why: e.why })) + " ");
        if (e.state === "waiting" && !on) li.appendChild(button(t("Send now"), "send", e.id));
        if (e.state === "check") li.appendChild(button(t("Put it in the form"), "restore", e.id));
        if (e.state === "stuck") li.appendChild(button(t("Try again"), "retry", e.id));
        if (e.state !== "waiting") li.appendChild(button(t("Drop it"), "drop", e.id));
      });
      steady(function () {
        var form = handForm();
        if (old) old.replaceWith(box);
        else if (form && form.parentNode === live) live.insertBefore(box, form);
        else live.insertBefore(box, document.getElementById("next-hand") || live.firstChild);
      });
    } else if (old) {
      steady(function () { old.remove(); });
    }
    relabel(live, list.filter(function (e) { return e.state === "waiting"; }).length);
    document.dispatchEvent(new CustomEvent("vinescore:outbox"));
  }

  // "Hand 12" on the sheet while hand 11 waits, in the places the server
  // marked, and what the totals leave out; a kept game's sheet (keep.js,
  // data-filled) says it all itself.
  function relabel(live, waiting) {
    var fills = window.vinescoreFill, base = drawn(live, "data-next-number");
    if (!live || isNaN(base) || live.hasAttribute("data-filled")) return;
    fills.restore(live);
    if (!waiting) return;
    function slot(name) { return live.querySelector('[data-slot="' + name + '"]'); }
    fills.put(slot("hand-title"), t("Hand {number}", { number: base + waiting }));
    fills.put(slot("score-hand"), t("Score hand {number}", { number: base + waiting }));
    fills.put(slot("next-hand"), t("Hand {number}", { number: base + waiting })); // who deals: a kept game knows
    fills.put(slot("unsent"), " · " + (waiting === 1 ? t("1 hand not sent yet") : t("{n} hands not sent yet", { n: waiting })));
    fills.shows(slot("unsent"), true);
    var note = document.getElementById("unsent-note");
    fills.put(note, waiting === 1 ? t("These totals leave out 1 hand not sent yet.")
      : t("These totals leave out {n} hands not sent yet.", { n: waiting }));
    fills.shows(note, true);
    var keep = document.getElementById("keep");
    if (note && keep && keep.hasAttribute("data-worker") && !keep.hasAttribute("data-kept")) {
      var offer = button(t("Keep this game on this phone to score them here"), "keep", "");
      offer.setAttribute("data-keep-button", "");
      note.append(" ", offer);
    }
  }

  document.addEventListener("click", function (event) {
    var b = event.target.closest && event.target.closest("[data-outbox-action]");
    var id = b && b.getAttribute("data-entry");
    var entry = id && all().filter(function (e) { return e.id === id; })[0];
    if (!entry) return;
    var action = b.getAttribute("data-outbox-action");
    if (action === "send" || action === "retry") {
      update(id, { state: "waiting" });
      retryIn = 2000;
      flush();
    } else if (action === "drop") {
      remove(id);
    } else if (action === "restore" && handForm()) {
      remove(id);
      hand.fill(handForm(), entry.fields);
      handForm().setAttribute("data-dirty", "");
      hand.saveDraft(handForm());
      handForm().scrollIntoView({ block: "start" });
    }
    show();
  });

  // What keep.js asks of the outbox, for this sheet.
  window.vinescoreOutbox = {
    waiting: function () { return mine("waiting", currentSheet()); },
    mine: function (state) { return mine(state, currentSheet()); },
    sending: function () { return sending && sending.id; },
    typed: hand.typed,
  };

  var say = window.vinescoreSay;
  function ready() { show(); flush(); }
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail.target && event.detail.target.id === "live") show();
  });
  ["vinescore:live", "vinescore:kept"].forEach(function (name) { document.addEventListener(name, show); });
  document.addEventListener("vinescore:online", flush);
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") flush(); });
  window.addEventListener("online", function () { retryIn = 2000; flush(); });
  window.addEventListener("storage", function (event) { if (event.key === OUTBOX) show(); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
