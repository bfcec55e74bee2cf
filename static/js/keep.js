// "Keep this game on this phone": with the server out of reach the sheet is
// still scored, by the server's own rules. The phone keeps the game's record
// (games/<pk>/export.json) and runs vinescore/scoring in Pyodide, in a worker
// (static/js/scoring-worker.js). While hands wait to be sent, or the phone is
// offline, the server's own sheet is filled with what the phone makes of its
// hands and the waiting ones: totals, the last hand, who deals and bids
// first, the winner, and a row per waiting hand from the sheet's <template
// id="phone-sheet">, each marked "not sent yet". A hand is checked first by
// the rules' own `clean`, refused with the server's words.
(function () {
  "use strict";

  var t = window.vinescoreWords, steady = window.vinescoreSteady, keeping = window.vinescoreStore;
  var fills = window.vinescoreFill, put = fills.put, mark = fills.mark, shows = fills.shows;
  var outbox = window.vinescoreOutbox;
  var STARTED = "vinescore:keep-started"; // this phone just started a game (vinescore.js)

  function box() { return document.getElementById("keep"); }
  function live() { return document.getElementById("live"); }
  function keptName() { return "vinescore:kept:" + keeping.person() + ":" + box().getAttribute("data-sheet"); }
  function kept() { return box() ? keeping.load(keptName(), null) : null; }
  function liveVersion() { return live() ? parseInt(live().getAttribute("data-version"), 10) : null; }
  function offlineCopy() { return document.documentElement.hasAttribute("data-offline-copy"); }
  function isReady() { return !!box() && box().hasAttribute("data-keep-ready"); }
  function slot(root, name) { return root.querySelector('[data-slot="' + name + '"]'); }
  function say(text) { var line = box().querySelector("[data-keep-state]"); if (line) line.textContent = text; }

  // --- the worker ------------------------------------------------------------

  var worker = null, starting = null, calls = {}, nextId = 1;

  function startWorker() {
    var b = box(), began = performance.now();
    if (starting) return starting;
    if (!b.hasAttribute("data-worker") || !window.Worker) return Promise.reject(new Error("not available"));
    starting = new Promise(function (resolve, reject) {
      worker = new Worker(b.getAttribute("data-worker"), { type: "module" });
      worker.onmessage = function (event) {
        var data = event.data || {}, call = calls[data.id];
        if (data.type === "ready") {
          b.setAttribute("data-ready-ms", String(Math.round(performance.now() - began)));
          b.setAttribute("data-ready-parts", JSON.stringify(data.parts || {})); // for bench_phone
          b.setAttribute("data-keep-ready", "");
          resolve();
        } else if (data.type === "failed") {
          reject(new Error(data.message));
        } else if (call) {
          delete calls[data.id];
          if (data.error) return call.reject(new Error(data.error));
          b.setAttribute("data-last-call-ms", String(Math.round(data.ms * 10) / 10));
          call.resolve(data.result);
        }
      };
      worker.onerror = function (event) { reject(new Error(event.message || "the worker stopped")); };
      worker.postMessage({
        type: "start", loader: b.getAttribute("data-loader"), bundle: b.getAttribute("data-bundle"),
        indexURL: new URL(b.getAttribute("data-index"), window.location.href).href, language: document.documentElement.lang,
      });
    });
    starting.catch(function () { starting = null; });
    return starting;
  }

  function call(name, args) {
    return startWorker().then(function () {
      return new Promise(function (resolve, reject) {
        calls[nextId] = { resolve: resolve, reject: reject };
        worker.postMessage({ id: nextId++, call: name, args: args });
      });
    });
  }

  // --- the game's record -----------------------------------------------------

  // Fetched again whenever the sheet moves on while the server answers, so
  // the hands scored online are in it before the network goes.
  var fetching = null;
  function fetchRecord() {
    if (fetching) return fetching;
    var version = liveVersion(), abort = new AbortController();
    var timer = setTimeout(function () { abort.abort(); }, 10000); // a network that hangs
    fetching = fetch(box().getAttribute("data-record"), { credentials: "same-origin", cache: "no-store", signal: abort.signal })
      .catch(function (error) {
        throw abort.signal.aborted ? new Error(t("no answer in {seconds} seconds", { seconds: 10 })) : error;
      }).then(function (response) {
        if (!response.ok || response.redirected) throw new Error("status " + response.status);
        return response.json();
      }).then(function (file) {
        var entry = kept() || {};
        entry.record = file && file.games && file.games[0]; // a games file of this one game
        entry.version = version;
        if (!entry.record) throw new Error("the game's record was not in the answer");
        if (!keeping.store(keptName(), entry)) throw new Error("this phone's storage is full");
      }).finally(function () { clearTimeout(timer); fetching = null; });
    return fetching;
  }

  function keepIt() {
    var button = box().querySelector("[data-keep-button]");
    if (button) button.disabled = true;
    say(t("Getting this game ready on this phone…"));
    fetchRecord().then(startWorker).then(function () { shown(); changed(); }, function (error) {
      if (button) button.disabled = false;
      say(t("This phone could not keep the game ({why}). Try again.", { why: error.message }));
    });
  }

  function shown() {
    var button = box().querySelector("[data-keep-button]");
    if (button) button.hidden = true;
    box().setAttribute("data-kept", "");
    say(isReady() ? t("Kept on this phone: with the server out of reach, this sheet is scored here by the same rules.")
      : t("Kept on this phone; getting its rules ready…"));
    document.dispatchEvent(new CustomEvent("vinescore:kept"));
  }

  // --- the sheet filled here ---------------------------------------------------

  // Wanted while hands wait that are not on their way (the server's answer
  // brings its own sheet), or with the server out of reach.
  function needed() {
    return outbox.waiting().some(function (e) { return e.id !== outbox.sending(); }) ||
      !navigator.onLine || offlineCopy();
  }
  function queued() { return outbox.waiting().map(function (e) { return e.fields; }); }
  function each(list, text) { list.forEach(function (el, i) { el.textContent = text(i); }); }

  function row(template, r) {
    var body = template.content.querySelector("[data-phone-row]").cloneNode(true), cell = slot(body, "cell");
    r.awards.forEach(function (award, side) {
      var td = cell.parentNode.appendChild(cell.cloneNode(true));
      td.querySelector(".award").textContent = award;
      td.querySelector(".running").textContent = String(r.totals[side]);
    });
    cell.remove();
    body.setAttribute("data-phone-row", String(r.number));
    slot(body, "number").textContent = String(r.number);
    if (slot(body, "dealt")) slot(body, "dealt").textContent = r.dealt;
    slot(body, "explanation").textContent = r.explanation;
    slot(body, "payments").textContent = r.payments.join(". ");
    return body;
  }

  function winner(template, won) {
    var section = template.content.querySelector("[data-phone-winner]").cloneNode(true);
    var list = slot(section, "standings"), item = list.firstElementChild;
    slot(section, "title").textContent = won.title;
    slot(section, "reason").textContent = won.reason;
    won.standings.forEach(function (place) {
      each(list.appendChild(item.cloneNode(true)).querySelectorAll("span"), function (i) { return String(place[i]); });
    });
    item.remove();
    if (won.standings.length < 2) list.remove();
    return section;
  }

  function fill(drawn) {
    var root = live(), template = document.getElementById("phone-sheet");
    var rows = drawn.rows, last = rows[rows.length - 1], won = drawn.winner ? drawn.winner.sides : [];
    if (!root || !template) return;
    fills.restore(root);
    root.setAttribute("data-filled", "");
    root.querySelectorAll("ol.totals li").forEach(function (li, side) {
      put(li.querySelector("[data-total]"), String(drawn.totals[side]));
      mark(li, "won", won.indexOf(side) !== -1);
    });
    put(document.getElementById("status-line"), drawn.status);
    var scored = document.getElementById("just-scored");
    if (last && scored) {
      put(slot(scored, "scored-title"), last.scored);
      put(slot(scored, "scored-explanation"), last.explanation + ".");
      scored.querySelectorAll(".changes strong").forEach(function (el, side) { put(el, last.awards[side]); });
      put(slot(scored, "scored-payments"), last.payments.join(". "));
      shows(slot(scored, "scored-payments"), last.payments.length > 0);
      shows(slot(scored, "scored-unsent"), true);
      shows(scored.querySelector(".just-actions"), false); // Undo and Edit are for the server's last hand
    }
    var next = document.getElementById("next-hand");
    if (next) {
      put(slot(next, "next-hand"), drawn.next.line, true); // names escaped by phone.py
      put(slot(next, "unsent"), rows.length === 1 ? " · " + t("1 hand not sent yet")
        : " · " + t("{n} hands not sent yet", { n: rows.length }));
      shows(slot(next, "unsent"), rows.length > 0);
      shows(next, !drawn.winner);
    }
    put(slot(root, "hand-title"), drawn.next.title);
    put(slot(root, "score-hand"), drawn.next.score);
    root.querySelectorAll("#hand-form fieldset[data-opening] label.chip").forEach(function (chip) {
      var first = chip.querySelector("input").value === String(drawn.next.first);
      mark(chip, "first", first);
      if (first) chip.title = drawn.next.first_words; else chip.removeAttribute("title");
    });
    var table = root.querySelector("section.sheet table");
    if (rows.length && !table) {
      table = root.querySelector("section.sheet").appendChild(template.content.querySelector("table").cloneNode(true));
      table.querySelector("[data-phone-row]").remove();
      table.setAttribute("data-phone-table", "");
      shows(root.querySelector("section.sheet .empty"), false);
    }
    rows.forEach(function (r) { table.appendChild(row(template, r)); });
    var before = next || root.querySelector("#hand-form");
    if (drawn.winner && before) before.insertAdjacentElement("beforebegin", winner(template, drawn.winner));
    var text = rows.length === 1 ? t("The totals hold 1 hand scored on this phone and not sent yet.")
      : rows.length ? t("The totals hold {n} hands scored on this phone and not sent yet.", { n: rows.length })
      : t("The server is out of reach: hands scored now are kept and scored on this phone.");
    if (drawn.refused) {
      text += " " + t("A hand not sent yet no longer fits the sheet:") + " " +
        Object.keys(drawn.refused.errors).map(function (k) { return drawn.refused.errors[k]; }).join(" ");
    }
    put(document.getElementById("unsent-note"), text);
    shows(document.getElementById("unsent-note"), true);
    var entry = kept();
    if (rows.length) entry.had = drawn.sides.map(function (name, side) { return name + " " + drawn.totals[side]; });
    keeping.store(keptName(), entry);
  }

  // After catching up, with a hand overtaken by another phone: what this phone had.
  function compare() {
    var entry = kept(), note = document.getElementById("unsent-note");
    if (!entry.had || !note) return;
    if (!document.querySelector("#hand-form [data-moved]") && !outbox.mine("check").length) {
      delete entry.had;
      keeping.store(keptName(), entry);
      return;
    }
    put(note, t("Another phone changed the sheet while this one was out of reach. Before catching up, this phone " +
      "had these totals: {totals}. The hands that did not go in are kept: score them again from the form, or drop " +
      "them.", { totals: entry.had.join(", ") }));
    shows(note, true);
  }

  var drawing = false, again = false, tried = null;
  function redraw() {
    var entry = kept(), root = live();
    if (!entry || !isReady() || !root) return;
    if (drawing) { again = true; return; }
    if (navigator.onLine && !offlineCopy() && entry.version !== liveVersion() && tried !== liveVersion()) {
      tried = liveVersion(); // once a version: a fetch that fails is not tried in a loop
      drawing = again = true;
      fetchRecord().catch(function () {}).then(done); // then drawn from the record as it is now
    } else if (!needed()) {
      if (root.hasAttribute("data-filled")) steady(function () { fills.restore(root); });
      compare();
    } else if (entry.version === liveVersion()) { // else the sheet is newer: the outbox says what it leaves out
      drawing = true;
      call("drawn", [entry.record, queued()]).then(function (drawn) { steady(function () { fill(drawn); }); }, function () {
        say(t("This phone could not score the hands not sent yet; they are kept, and sent when the connection returns."));
      }).then(done);
    }
  }
  function done() {
    drawing = false;
    if (again) { again = false; redraw(); }
  }
  var pending = null;
  function changed() { clearTimeout(pending); pending = setTimeout(redraw, 30); }

  // --- refusals, as the server's -------------------------------------------------------

  function showErrors(form, errors) {
    form.querySelectorAll("[data-phone-error]").forEach(function (node) { node.remove(); });
    form.querySelectorAll("fieldset[aria-invalid]").forEach(function (node) { node.removeAttribute("aria-invalid"); });
    Object.keys(errors).forEach(function (name, i) {
      var line = document.createElement("p"), fieldset = form.querySelector('fieldset[data-field="' + name + '"]');
      line.className = "error";
      line.textContent = errors[name];
      line.setAttribute("role", "alert");
      line.setAttribute("data-phone-error", "");
      if (fieldset) fieldset.setAttribute("aria-invalid", "true");
      if (fieldset) fieldset.appendChild(line); else form.querySelector("h2").insertAdjacentElement("afterend", line);
      if (!i) line.scrollIntoView({ block: "center" });
    });
  }

  // On the window, before htmx and the outbox: only a hand the rules take goes on.
  window.addEventListener("submit", function (event) {
    var form = event.target, entry = kept();
    if (!form.matches("form[data-outbox]") || form.vinescoreChecked) { form.vinescoreChecked = false; return; }
    if (!entry || !isReady() || !needed()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (form.hasAttribute("data-phone-checking")) return;
    form.setAttribute("data-phone-checking", "");
    function go(errors) {
      form.removeAttribute("data-phone-checking");
      showErrors(form, errors || {});
      if (errors && Object.keys(errors).length) return;
      form.vinescoreChecked = true;
      form.requestSubmit();
    }
    call("refusal", [entry.record, queued(), outbox.typed(form)]).then(go, function () { go(); }); // not run here: sent as it is
  }, true);

  function ready() {
    var b = box(), started = keeping.load(STARTED, 0);
    if (!b) return;
    keeping.forget(STARTED);
    document.addEventListener("click", function (event) { if (event.target.closest("[data-keep-button]")) keepIt(); });
    if (kept()) {
      shown();
      startWorker().then(function () { shown(); changed(); }, function (error) {
        say(t("This game is kept on this phone, but its rules could not be loaded here ({why}).", { why: error.message }));
      });
    } else if (b.hasAttribute("data-keep-now") || (Date.now() - started < 120000 && b.hasAttribute("data-worker"))) {
      keepIt(); // tapped before this file came, or the phone that started the game keeps it
    }
    ["vinescore:outbox", "vinescore:live", "htmx:afterSettle"].forEach(function (name) { document.addEventListener(name, changed); });
    ["online", "offline"].forEach(function (name) { window.addEventListener(name, changed); });
  }

  // Loaded by static/js/vinescore.js, usually once the page is there.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
