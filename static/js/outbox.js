// Nothing typed is lost to a dropped connection. Progressive enhancement:
// every form still works as a plain post without this file.
//
// - The outbox: a hand is sent from here, not by htmx. It is first kept in
//   localStorage (which works on plain http, unlike a service worker) with
//   the version of the sheet it was drawn from and a one-time key of its own,
//   then sent, in order, until the server answers: stored, already stored
//   (same key), or refused (409: another phone got there first; its facts
//   come back in the form). It forgets a hand only on an answer.
// - Drafts: a hand half typed is kept per game and per phone until it is
//   scored or dropped, so a reload, a locked phone or a tab switch keep it.
// - Any other request that fails says so beside what was tapped, with a
//   way to try again; a plain form post is sent only once vinescore answers.
// - The service worker (/sw.js), where the browser allows one: it keeps the
//   sheets this person opened, so they open again out of reach of the server.
(function () {
  "use strict";

  // In the page's language (static/js/vinescore.js).
  function t(text, values) {
    return window.vinescoreWords ? window.vinescoreWords(text, values) : text;
  }

  // A change above the hand form leaves the form where it is on the screen
  // (static/js/vinescore.js).
  function steady(change) {
    return window.vinescoreSteady ? window.vinescoreSteady(change) : change();
  }

  var OUTBOX = "vinescore:outbox";
  var DRAFT = "vinescore:draft:";
  var PATIENCE = 15000; // ms before a hand sent is taken as not arrived
  var OWN = { csrfmiddlewaretoken: true, version: true, key: true };

  // --- what this phone keeps (static/js/vinescore.js) ------------------------

  var keeping = window.vinescoreStore;
  var load = keeping.load, store = keeping.store, forget = keeping.forget, person = keeping.person;
  var who = "";

  // A fresh one-time key (changes.KEY: [A-Za-z0-9_-]{16,64}). The key in a
  // page kept by the service worker may have been used already; a hand of
  // the outbox always gets its own.
  function freshKey() {
    var bytes = new Uint8Array(18);
    window.crypto.getRandomValues(bytes);
    return window.btoa(String.fromCharCode.apply(null, bytes))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clock(ms) { var d = new Date(ms); return pad(d.getHours()) + ":" + pad(d.getMinutes()); }

  // --- forms ---------------------------------------------------------------

  function typed(form) {
    var out = [];
    new FormData(form).forEach(function (value, name) {
      if (!OWN[name] && typeof value === "string") out.push([name, value]);
    });
    return out;
  }

  function fill(form, fields) {
    var values = {};
    fields.forEach(function (f) { (values[f[0]] = values[f[0]] || []).push(f[1]); });
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || OWN[el.name] || el.type === "submit" || el.type === "button") return;
      var given = values[el.name] || [];
      if (el.type === "radio" || el.type === "checkbox") {
        el.checked = given.indexOf(el.value) !== -1;
      } else if (el.type !== "hidden") {
        el.value = given.length ? given.shift() : "";
      }
    });
    // vinescore.js shows the fields that now apply, and the running sums.
    form.dispatchEvent(new Event("change", { bubbles: true }));
    form.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function gist(form) {
    var picked = Array.prototype.filter.call(form.querySelectorAll("input:checked"), function (el) {
      return !el.disabled;
    }).map(function (el) {
      var label = el.closest("label");
      return label ? label.textContent.trim() : "";
    }).filter(Boolean);
    return picked.slice(0, 6).join(", ");
  }

  function handForm() { return document.getElementById("hand-form"); }

  function sheetOf(action) { return action.replace(/hands\/$/, ""); }

  function currentSheet() {
    var form = document.querySelector("form[data-outbox]");
    return form ? sheetOf(form.getAttribute("action")) : null;
  }

  // The number of the next hand as the server drew the sheet.
  function drawnNumber() {
    var live = document.getElementById("live");
    return live ? parseInt(live.getAttribute("data-next-number"), 10) || null : null;
  }

  // --- the outbox ----------------------------------------------------------

  function entries() { return load(OUTBOX, []); }

  function mine(state, sheet) {
    return entries().filter(function (e) {
      return e.who === who && (!state || e.state === state) && (!sheet || e.sheet === sheet);
    });
  }

  function update(id, change) {
    var all = entries().map(function (e) {
      if (e.id !== id) return e;
      var copy = {};
      Object.keys(e).forEach(function (k) { copy[k] = e[k]; });
      Object.keys(change).forEach(function (k) { copy[k] = change[k]; });
      return copy;
    });
    store(OUTBOX, all);
  }

  function remove(id) {
    store(OUTBOX, entries().filter(function (e) { return e.id !== id; }));
  }

  function enqueue(form) {
    var action = form.getAttribute("action");
    var sheet = sheetOf(action);
    var waiting = mine("waiting", sheet);
    var before = mine("waiting").length; // in order: this game's and any other's
    var base = drawnNumber();
    var entry = {
      id: freshKey(),
      who: who,
      url: action,
      sheet: sheet,
      fields: typed(form),
      version: parseInt((form.querySelector('[name="version"]') || {}).value, 10),
      key: freshKey(),
      number: base === null ? null : base + waiting.length,
      gist: gist(form),
      state: "waiting",
      // Sent at once when nothing waits before it; a hand that had to wait
      // gets its facts back in the form if another phone overtook it.
      queued: before > 0,
      at: Date.now(),
    };
    var all = entries();
    all.push(entry);
    if (!store(OUTBOX, all)) {
      say(form, t("This phone could not keep the hand (its storage is full or switched off), " +
        "so it was not sent. It is still in the form."), function () { enqueue(form); });
      return;
    }
    if (form === handForm()) clearDraft(form);
    if (entry.queued) {
      reset(form);
    } else {
      form.setAttribute("data-sending", "");
    }
    show();
    flush();
  }

  // The form, emptied after its hand went into the outbox, and numbered
  // after the hands waiting there.
  function reset(form) {
    if (!form || form !== handForm()) return; // a shortcut keeps nothing typed
    form.reset();
    form.dispatchEvent(new Event("change", { bubbles: true }));
    form.dispatchEvent(new Event("input", { bubbles: true }));
    form.removeAttribute("data-dirty");
    form.removeAttribute("data-sending");
  }

  var sending = null;
  var retryIn = 2000;
  var retryTimer = null;

  // The hand on its way to the server, named on the page too, so a kept
  // game's sheet (keep.js) scores on the phone only what could not be sent.
  function inFlight(id) {
    sending = id;
    if (id) document.documentElement.setAttribute("data-outbox-sending", id);
    else document.documentElement.removeAttribute("data-outbox-sending");
  }

  function flush() {
    if (sending) return;
    var next = mine("waiting")[0];
    if (!next) return;
    inFlight(next.id);
    show();
    send(next).then(function (answer) {
      inFlight(null);
      retryIn = 2000;
      answered(next, answer);
      flush();
    }, function (why) {
      inFlight(null);
      notSent(next, why);
    });
  }

  function csrfToken() {
    var cookie = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie);
    if (cookie) return decodeURIComponent(cookie[1]);
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  function send(entry) {
    // The phone knows it has no network: nothing is tried until it says it
    // is back ("online" flushes), exactly as if the request had failed.
    if (navigator.onLine === false) return Promise.reject({ offline: true });
    var body = new URLSearchParams();
    entry.fields.forEach(function (f) { body.append(f[0], f[1]); });
    body.append("version", String(entry.version));
    body.append("key", entry.key);
    var token = csrfToken();
    body.append("csrfmiddlewaretoken", token);
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); }, PATIENCE);
    return fetch(entry.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      cache: "no-store",
      signal: controller ? controller.signal : undefined,
      headers: {
        "HX-Request": "true",
        "HX-Target": "live",
        "HX-Current-URL": window.location.href,
        "X-CSRFToken": token,
      },
    }).then(function (response) {
      clearTimeout(timer);
      if (response.status >= 500) throw { status: response.status };
      // Sent to the sign-in page: not an answer about the hand.
      if (response.redirected) return { status: 403, html: "" };
      return response.text().then(function (html) { return { status: response.status, html: html }; });
    }, function (error) {
      clearTimeout(timer);
      throw { timeout: error && error.name === "AbortError" };
    });
  }

  // No answer: the hand stays, and goes again by itself.
  function notSent(entry, why) {
    mine("waiting").forEach(function (e) { update(e.id, { queued: true }); });
    update(entry.id, {
      why: why && why.status ? t("the server had a problem (error {status})", { status: why.status })
        : why && why.timeout ? t("no answer in {seconds} seconds", { seconds: PATIENCE / 1000 })
        : t("no connection"),
    });
    // The hand on its way from this page waits with the rest: the form is
    // free for the next one.
    var form = handForm();
    if (form && form.hasAttribute("data-sending")) reset(form);
    if (!(why && why.status)) connection(false);
    show();
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, retryIn);
    retryIn = Math.min(retryIn * 2, 30000);
  }

  function answered(entry, answer) {
    var here = entry.sheet === currentSheet();
    if (answer.status >= 200 && answer.status < 300) {
      // Stored, or stored before under the same key. Every change moves the
      // game one version on (Game.refresh_result): the hands typed after
      // this one, drawn from the same version, follow from the next.
      remove(entry.id);
      entries().forEach(function (e) {
        if (e.who === who && e.sheet === entry.sheet && e.version === entry.version && e.state === "waiting") {
          update(e.id, { version: entry.version + 1 });
        }
      });
      if (here) swapLive(answer.html, null);
    } else if (answer.status === 409 || answer.status === 422) {
      // Overtaken (or not a hand as typed): the hands drawn after it from
      // the same version wait for the scorekeeper, as the sheet is not what
      // they were typed against.
      entries().forEach(function (e) {
        if (e.who === who && e.sheet === entry.sheet && e.id !== entry.id && e.state === "waiting" &&
            e.version === entry.version) {
          update(e.id, { state: "check", why: t("the sheet changed before it was sent") });
        }
      });
      if (!here) {
        update(entry.id, { state: "check", why: answer.status === 409
          ? t("another phone changed the sheet first") : t("it could not be scored as typed") });
      } else if (answer.status === 422 || !entry.queued) {
        // As for any hand sent: the form comes back as the server drew it
        // (with what was typed when it was refused: kept again as a draft
        // once it is touched).
        remove(entry.id);
        swapLive(answer.html, null);
        var back = handForm();
        if (back) { back.setAttribute("data-dirty", ""); saveDraft(back); }
      } else if (typingAnother()) {
        // Not over the hand being typed now: it waits for a tap.
        update(entry.id, { state: "check", why: t("another phone changed the sheet first") });
        swapLive(answer.html, null);
      } else {
        remove(entry.id);
        swapLive(answer.html, entry);
      }
    } else {
      update(entry.id, { state: "stuck", why: refusal(answer.status) });
    }
    show();
    connection(true); // last: it sends what waits next
  }

  function typingAnother() {
    var form = handForm();
    return !!form && form.hasAttribute("data-dirty") && !form.hasAttribute("data-sending");
  }

  function refusal(status) {
    if (status === 403) return t("the server refused it (403): sign in again, then try again");
    if (status === 404) return t("the server does not know this game any more (404)");
    return t("the server refused it (error {status})", { status: status });
  }

  // The sheet as the server answered, swapped in as htmx would. A hand
  // being typed meanwhile stays in the new form; a hand that came back
  // (409) is put in it, with the word why.
  function swapLive(html, cameBack) {
    var live = document.getElementById("live");
    if (!live) return;
    var typing = typingAnother() ? typed(handForm()) : null;
    window.htmx.swap(live, html, { swapStyle: "outerHTML" });
    var fresh = handForm();
    if (fresh && (cameBack || typing)) {
      fill(fresh, cameBack ? cameBack.fields : typing);
      fresh.setAttribute("data-dirty", "");
      saveDraft(fresh);
    }
    if (cameBack) {
      var line = document.createElement("p");
      line.className = "notice came-back";
      line.setAttribute("role", "alert");
      line.setAttribute("data-came-back", "");
      line.textContent = t("Hand {number} from this phone, kept while it was offline, was not " +
        "saved: it is back in the form. Check it and score it again, or drop it.", { number: cameBack.number || "" });
      var moved = document.querySelector("#live [data-moved]");
      if (moved) moved.insertAdjacentElement("afterend", line);
      else if (fresh) fresh.insertAdjacentElement("beforebegin", line);
    }
    var error = document.querySelector("#hand-form .error, #hand-form [data-moved]");
    if (error) error.scrollIntoView({ block: "center" });
    else if (cameBack && fresh) fresh.scrollIntoView({ block: "start" });
    else if (document.getElementById("just-scored")) window.scrollTo(0, 0);
    show();
    keepSheet();
  }

  // --- the rows of hands not sent yet ------------------------------------------

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
    var list = sheet ? mine(null, sheet) : [];
    if (!live || !list.length) {
      if (old) steady(function () { old.remove(); });
      relabel(0);
      document.dispatchEvent(new CustomEvent("vinescore:outbox"));
      return;
    }
    var box = document.createElement("section");
    box.id = "outbox";
    box.className = "outbox";
    box.setAttribute("aria-live", "polite");
    var title = document.createElement("h2");
    title.textContent = t("Not sent yet");
    box.appendChild(title);
    var rows = document.createElement("ol");
    list.forEach(function (e) {
      var li = document.createElement("li");
      li.className = "outbox-" + e.state;
      li.setAttribute("data-entry", e.id);
      var what = document.createElement("strong");
      what.textContent = t("Hand {number}", { number: e.number || "" }) + (e.gist ? " (" + e.gist + ")" : "");
      li.appendChild(what);
      var words;
      if (e.state === "waiting" && sending === e.id) {
        words = ": " + t("sending…");
      } else if (e.state === "waiting") {
        words = ": " + t("not sent yet") + (e.why ? " (" + e.why + ")" : "") + ". " +
          t("Kept on this phone; it is sent by itself when the connection returns.");
      } else if (e.state === "check") {
        words = ": " + t("not saved, {why}.", { why: e.why }) + " " +
          t("Put it back in the form to check it and score it again.");
      } else {
        words = ": " + t("not saved, {why}.", { why: e.why });
      }
      li.appendChild(document.createTextNode(words + " "));
      if (e.state === "waiting" && sending !== e.id) li.appendChild(button(t("Send now"), "send", e.id));
      if (e.state === "check") li.appendChild(button(t("Put it in the form"), "restore", e.id));
      if (e.state === "stuck") li.appendChild(button(t("Try again"), "retry", e.id));
      if (e.state !== "waiting") li.appendChild(button(t("Drop it"), "drop", e.id));
      rows.appendChild(li);
    });
    box.appendChild(rows);
    steady(function () {
      if (old) {
        old.replaceWith(box);
      } else {
        var form = handForm();
        if (form && form.parentNode === live) live.insertBefore(box, form);
        else live.insertBefore(box, document.getElementById("next-hand") || live.firstChild);
      }
    });
    relabel(mine("waiting", sheet).length);
    document.dispatchEvent(new CustomEvent("vinescore:outbox"));
  }

  // "Hand 12" on the sheet while hand 11 waits in the outbox, in the places
  // the server marked for it, and what the totals leave out; a kept game's
  // sheet (keep.js, data-filled) says it all itself.
  function relabel(waiting) {
    var live = document.getElementById("live"), fills = window.vinescoreFill;
    var base = drawnNumber();
    if (!live || base === null || live.hasAttribute("data-filled")) return;
    fills.restore(live);
    if (!waiting) return;
    var number = base + waiting;
    function slot(name) { return live.querySelector('[data-slot="' + name + '"]'); }
    fills.put(slot("hand-title"), t("Hand {number}", { number: number }));
    fills.put(slot("score-hand"), t("Score hand {number}", { number: number }));
    // Who deals after the hands not sent yet only a kept game knows.
    fills.put(slot("next-hand"), t("Hand {number}", { number: number }));
    fills.put(slot("unsent"), " · " + (waiting === 1 ? t("1 hand not sent yet") : t("{n} hands not sent yet", { n: waiting })));
    fills.shows(slot("unsent"), true);
    var note = document.getElementById("unsent-note");
    fills.put(note, waiting === 1 ? t("These totals leave out 1 hand not sent yet.")
      : t("These totals leave out {n} hands not sent yet.", { n: waiting }));
    fills.shows(note, true);
    var keep = document.getElementById("keep");
    if (note && keep && keep.hasAttribute("data-worker") && !keep.hasAttribute("data-kept")) {
      var offer = document.createElement("button");
      offer.type = "button";
      offer.className = "small";
      offer.setAttribute("data-keep-button", "");
      offer.textContent = t("Keep this game on this phone to score them here");
      note.append(" ", offer);
    }
  }

  document.addEventListener("click", function (event) {
    var b = event.target.closest && event.target.closest("[data-outbox-action]");
    if (!b) return;
    var id = b.getAttribute("data-entry");
    var entry = entries().filter(function (e) { return e.id === id; })[0];
    if (!entry) { show(); return; }
    var action = b.getAttribute("data-outbox-action");
    if (action === "send" || action === "retry") {
      update(id, { state: "waiting" });
      retryIn = 2000;
      flush();
    } else if (action === "drop") {
      remove(id);
    } else if (action === "restore") {
      var form = handForm();
      if (!form) return;
      remove(id);
      fill(form, entry.fields);
      form.setAttribute("data-dirty", "");
      saveDraft(form);
      form.scrollIntoView({ block: "start" });
    }
    show();
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-outbox]") || !window.htmx || !window.fetch) return;
    event.preventDefault();
    event.stopPropagation(); // htmx leaves it to the outbox
    // Each hand kept gets a key of its own, so a second tap must not make a
    // second hand: while a hand is on its way, or just after when nothing
    // was typed since, it is the same tap.
    var again = Date.now() - (form.vinescoreSentAt || 0) < 1500 && !form.hasAttribute("data-dirty");
    if (form.hasAttribute("data-sending") || again) return;
    form.vinescoreSentAt = Date.now();
    enqueue(form);
  }, true);

  // --- drafts ----------------------------------------------------------------

  function draftName(form) { return DRAFT + who + ":" + form.getAttribute("action"); }

  function saveDraft(form) {
    var fields = typed(form);
    store(draftName(form), { fields: fields, number: drawnNumber(), at: Date.now() });
  }

  function clearDraft(form) {
    forget(draftName(form));
    var note = form.querySelector("[data-draft-note]");
    if (note) note.remove();
  }

  function restoreDraft() {
    var form = handForm();
    if (!form || form.querySelector(".error")) return;
    var draft = load(draftName(form), null);
    if (!draft || !draft.fields || !draft.fields.length) return;
    fill(form, draft.fields);
    form.setAttribute("data-dirty", "");
    var note = document.createElement("p");
    note.className = "notice draft-note";
    note.setAttribute("data-draft-note", "");
    var number = drawnNumber();
    var text = t("Kept on this phone: the hand you were typing.");
    if (draft.number && number && draft.number !== number) {
      text = t("Kept on this phone: the hand you were typing, for hand {draft}; the sheet is at " +
        "hand {number} now: check it.", { draft: draft.number, number: number });
    }
    note.appendChild(document.createTextNode(text + " "));
    var drop = document.createElement("button");
    drop.type = "button";
    drop.className = "small";
    drop.setAttribute("data-drop-draft", "");
    drop.textContent = t("Start afresh");
    note.appendChild(drop);
    var heading = form.querySelector("h2");
    if (heading) heading.insertAdjacentElement("afterend", note);
    else form.insertBefore(note, form.firstChild);
  }

  function onTyping(event) {
    var form = event.target.closest && event.target.closest("#hand-form");
    if (form && event.isTrusted) saveDraft(form);
  }
  document.addEventListener("input", onTyping);
  document.addEventListener("change", onTyping);
  document.addEventListener("click", function (event) {
    if (!event.target.closest) return;
    if (event.target.closest("[data-step]")) {
      var stepped = event.target.closest("#hand-form");
      if (stepped) setTimeout(function () { saveDraft(stepped); }, 0);
    }
    var drop = event.target.closest("[data-drop-draft]");
    // "drop it and start afresh" on the line that says the sheet moved on
    var dropped = event.target.closest("[data-moved] a");
    var form = handForm();
    if ((drop || dropped) && form) {
      clearDraft(form);
      if (drop) reset(form);
    }
  });
  document.addEventListener("visibilitychange", function () {
    var form = handForm();
    if (document.visibilityState === "hidden" && form && form.hasAttribute("data-dirty")) saveDraft(form);
    if (document.visibilityState === "visible") flush();
  });

  // --- words for every request that fails --------------------------------------

  function say(beside, text, retry) {
    var old = beside.nextElementSibling;
    if (old && old.hasAttribute("data-request-failed")) old.remove();
    var line = document.createElement("span");
    line.className = "request-failed";
    line.setAttribute("role", "alert");
    line.setAttribute("data-request-failed", "");
    line.textContent = text + " ";
    if (retry) {
      var again = document.createElement("button");
      again.type = "button";
      again.className = "small";
      again.textContent = t("Try again");
      again.addEventListener("click", function () { line.remove(); retry(); });
      line.appendChild(again);
    }
    beside.insertAdjacentElement("afterend", line);
  }

  function isPoll(elt) { return elt && elt.hasAttribute && elt.hasAttribute("data-live-poll"); }

  function failed(event) {
    var detail = event.detail || {};
    var elt = detail.elt || (detail.requestConfig && detail.requestConfig.elt);
    if (!elt || !elt.isConnected) return;
    if (isPoll(elt)) {
      connection(false);
      return;
    }
    var status = detail.xhr ? detail.xhr.status : 0;
    var text;
    if (event.type === "htmx:timeout") {
      text = t("No answer from vinescore in {seconds} seconds: this did not go through.", { seconds: PATIENCE / 1000 });
    } else if (event.type === "htmx:sendError" || !status) {
      text = t("Could not reach vinescore (no connection?): this did not go through.");
    } else if (status >= 500) {
      text = t("vinescore had a problem (error {status}): this did not go through.", { status: status });
    } else if (status === 403) {
      text = t("Refused: you may not do this here, or you were signed out (error 403).");
    } else if (status === 404) {
      text = t("Not found: it may have been deleted (error 404).");
    } else {
      text = t("Refused by vinescore (error {status}).", { status: status });
    }
    var beside = elt.tagName === "FORM" || elt.tagName === "A" || elt.tagName === "BUTTON"
      ? elt : elt.closest("form, a, button") || elt;
    say(beside, text, function () {
      if (beside.tagName === "FORM") window.htmx.trigger(beside, "submit");
      else beside.click();
    });
  }
  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  document.addEventListener("htmx:responseError", failed);
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    var next = elt && elt.nextElementSibling;
    if (next && next.hasAttribute("data-request-failed")) next.remove();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail || {};
    if (isPoll(detail.elt) && detail.xhr && detail.xhr.status && detail.xhr.status < 500) {
      connection(true);
    }
  });

  // --- plain forms ---------------------------------------------------------------
  //
  // A plain post (Undo the last hand, Save note, Rematch, a link withdrawn,
  // a game ended) is still sent by the browser, so its answer shows as it
  // always has: the page it leads to, or the form again with the words why.
  // But vinescore is asked first whether it answers at all (UP, the health
  // check: one query, no page). When it does not (no network, the server out
  // of reach, failing behind its proxy, or silent for PATIENCE), nothing is
  // sent: the form stays as it was, and the words go beside the button
  // tapped, with Try again. Sending the post itself from here would show its
  // answer second-hand (a redirect's #place lost, a refusal written over this
  // page) and, with no answer, could not say whether it arrived. A server
  // lost in the instant between the two is met as before: by the service
  // worker's page that says nothing was sent, where there is one.

  var UP = "/up/";
  var HTMX_REQUESTS = ["hx-post", "hx-get", "hx-put", "hx-patch", "hx-delete"];

  function chosen(form, submitter, name, formName) {
    var own = submitter && submitter.getAttribute(formName);
    return (own || form.getAttribute(name) || "").toLowerCase();
  }

  function htmxSends(el) {
    return !!el && HTMX_REQUESTS.some(function (name) {
      return el.hasAttribute(name) || el.hasAttribute("data-" + name);
    });
  }

  // A post to this site that the browser would send as a page: not htmx's,
  // not the outbox's, not a file upload (left to the browser and the
  // service worker), not one meant for another window or a download.
  function plainPost(form, submitter) {
    if (!form.requestSubmit || !window.fetch || form.hasAttribute("data-outbox")) return false;
    if (chosen(form, submitter, "method", "formmethod") !== "post") return false;
    if (chosen(form, submitter, "enctype", "formenctype") === "multipart/form-data") return false;
    var target = chosen(form, submitter, "target", "formtarget");
    if ((target && target !== "_self") || form.hasAttribute("download")) return false;
    if (htmxSends(form) || htmxSends(submitter)) return false;
    if (form.closest('[hx-boost="true"], [data-hx-boost="true"]')) return false;
    try {
      var action = chosen(form, submitter, "action", "formaction") || window.location.href;
      return new URL(action, window.location.href).origin === window.location.origin;
    } catch (e) {
      return false;
    }
  }

  function reach(form, submitter) {
    var beside = submitter && submitter.isConnected ? submitter : form;
    var old = beside.nextElementSibling;
    if (old && old.hasAttribute("data-request-failed")) old.remove();
    function notSentHere(text) {
      form.removeAttribute("data-reaching");
      say(beside, text, function () { reach(form, submitter); });
    }
    if (navigator.onLine === false) {
      notSentHere(t("Could not reach vinescore (no connection?): this did not go through."));
      return;
    }
    form.setAttribute("data-reaching", "");
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); }, PATIENCE);
    fetch(UP, {
      method: "HEAD",
      cache: "no-store",
      credentials: "same-origin",
      redirect: "manual",
      signal: controller ? controller.signal : undefined,
    }).then(function (response) {
      clearTimeout(timer);
      if (response.status >= 500) {
        notSentHere(t("vinescore had a problem (error {status}): this did not go through.",
          { status: response.status }));
        return;
      }
      form.removeAttribute("data-reaching");
      if (!form.isConnected) return; // the sheet moved on meanwhile: nothing to send
      // The submit event comes again, synchronously: this time it goes.
      form.vinescoreReached = true;
      try {
        if (submitter && submitter.isConnected && submitter.form === form) form.requestSubmit(submitter);
        else form.requestSubmit();
      } finally {
        form.vinescoreReached = false;
      }
    }, function (error) {
      clearTimeout(timer);
      notSentHere(error && error.name === "AbortError"
        ? t("No answer from vinescore in {seconds} seconds: this did not go through.", { seconds: PATIENCE / 1000 })
        : t("Could not reach vinescore (no connection?): this did not go through."));
    });
  }

  // On the document, as the event bubbles: after htmx (on the form itself)
  // and the outbox (capturing) have taken theirs.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form || form.tagName !== "FORM" || form.vinescoreReached) return;
    var submitter = event.submitter || null;
    if (!plainPost(form, submitter)) return;
    event.preventDefault();
    if (form.hasAttribute("data-reaching")) return; // a second tap while asking
    reach(form, submitter);
  });

  // --- the line that says how this sheet stands with the server -----------------

  var offlineCopy = document.documentElement.getAttribute("data-offline-copy");
  var reachable = true;

  function connectionLine() {
    var line = document.getElementById("connection");
    if (line) return line;
    var live = document.getElementById("live");
    var main = document.querySelector("main");
    if (!live && !main) return null;
    line = document.createElement("p");
    line.id = "connection";
    line.className = "notice connection";
    line.setAttribute("role", "status");
    if (live) live.insertAdjacentElement("beforebegin", line);
    else main.insertBefore(line, main.firstChild);
    return line;
  }

  function connection(ok) {
    if (offlineCopy) {
      if (ok && !document.getElementById("connection-reload")) {
        steady(function () {
          var line = connectionLine();
          line.textContent = t("Back online.") + " ";
          var link = document.createElement("a");
          link.id = "connection-reload";
          link.href = window.location.pathname;
          link.textContent = t("Reload the sheet to use all of it.");
          line.appendChild(link);
        });
        flush();
      }
      return;
    }
    if (ok === reachable) return;
    reachable = ok;
    if (ok) {
      var old = document.getElementById("connection");
      if (old) steady(function () { old.remove(); });
      flush();
    } else {
      steady(function () {
        connectionLine().textContent = t("Not connected since {time}: this sheet is not updating. " +
          "It tries again by itself; hands you score are kept on this phone and sent when the " +
          "connection returns.", { time: clock(Date.now()) });
      });
    }
  }

  // A sheet the service worker kept, opened out of reach of the server:
  // its hand form works (into the outbox), the rest waits for a reload.
  function markOfflineCopy() {
    if (!offlineCopy) return;
    reachable = false;
    connectionLine().textContent = t("Offline: last updated {time}. Hands you score are kept on " +
      "this phone and sent when the connection returns.", { time: clock(parseInt(offlineCopy, 10)) });
    document.querySelectorAll("main form:not([data-outbox])").forEach(function (form) {
      Array.prototype.forEach.call(form.elements, function (el) { el.disabled = true; });
    });
  }

  // --- the service worker --------------------------------------------------------

  var keepTimer = null;
  function keepSheet() {
    if (offlineCopy || !navigator.serviceWorker || window.location.pathname !== currentSheet()) return;
    clearTimeout(keepTimer);
    keepTimer = setTimeout(function () {
      navigator.serviceWorker.ready.then(function (registration) {
        if (registration.active) {
          registration.active.postMessage({ type: "keep", url: window.location.pathname });
        }
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
      var data = event.data || {};
      if (data.type === "kept" && data.kept) {
        document.documentElement.setAttribute("data-offline-ready", "");
      }
    });
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var declared = person();
      if (declared !== null && registration.active) {
        registration.active.postMessage({ type: "who", who: declared, lang: document.documentElement.lang });
      }
      keepSheet();
    }).catch(function () {
      if (note) {
        note.textContent = t("This browser would not keep vinescore for offline use: a sheet will " +
          "not open without the server. Hands you cannot send are still kept on this phone.");
        note.hidden = false;
      }
    });
  }

  // What keep.js asks of the outbox, for this sheet.
  window.vinescoreOutbox = {
    waiting: function () { return mine("waiting", currentSheet()); },
    mine: function (state) { return mine(state, currentSheet()); },
    sending: function () { return sending; },
    typed: typed,
  };

  // --- on every page -----------------------------------------------------------

  function ready() {
    who = person() || "";
    markOfflineCopy();
    restoreDraft();
    show();
    flush();
    startWorker();
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "live") {
      show();
      keepSheet();
    }
  });
  // Put in by vinescore.js itself (a pushed sheet, or one kept around a
  // hand being typed). The kept copy is not fetched again here, as it is
  // after a poll: that would be a whole page asked for by every phone on
  // every pushed hand, the cost the stream is there to save.
  document.addEventListener("vinescore:live", function () { show(); });
  document.addEventListener("vinescore:kept", function () { show(); });
  window.addEventListener("online", function () { retryIn = 2000; flush(); });
  window.addEventListener("storage", function (event) { if (event.key === OUTBOX) show(); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
