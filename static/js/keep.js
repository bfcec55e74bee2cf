// "Keep this game on this phone": the sheet goes on being scored with the
// server out of reach, by the server's own rules. The phone keeps the game's
// record (games/<pk>/export.json) and runs vinescore/scoring in Pyodide, in
// a worker (static/js/scoring-worker.js); the hands not sent yet are the
// outbox's (static/js/outbox.js), which sends them when the server answers.
//
// - While hands wait to be sent, or the phone is offline, the sheet shows
//   the totals or balances, each waiting hand's one-line explanation, who
//   deals and who goes first next, and the winner, worked out here and
//   marked "not sent yet".
// - A hand is checked here as the server's form checks it (the rules'
//   `clean`), and refused with the same words beside the same fields.
// - Catching up: when a waiting hand is overtaken by another phone, the
//   sheet says what this phone had next to what the server has; the outbox
//   puts the hand back in the form to score again.
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
  var KEPT = "vinescore:kept:"; // + person + ":" + sheet address
  var STARTED = "vinescore:keep-started"; // this phone just started a game (vinescore.js)

  function load(name, fallback) {
    try {
      var raw = window.localStorage.getItem(name);
      return raw ? JSON.parse(raw) : fallback;
    } catch (e) {
      return fallback;
    }
  }

  function store(name, value) {
    try {
      window.localStorage.setItem(name, JSON.stringify(value));
      return true;
    } catch (e) {
      return false;
    }
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function person() {
    var node = document.querySelector("[data-offline-id]");
    return node ? node.getAttribute("data-offline-id") : "";
  }

  function box() { return document.getElementById("keep"); }
  function sheetAddress() { var b = box(); return b ? b.getAttribute("data-sheet") : null; }
  function keptName() { return KEPT + person() + ":" + sheetAddress(); }
  function kept() { return box() ? load(keptName(), null) : null; }
  function liveVersion() {
    var live = document.getElementById("live");
    return live ? parseInt(live.getAttribute("data-version"), 10) : null;
  }
  function offlineCopy() { return document.documentElement.hasAttribute("data-offline-copy"); }

  function say(text) {
    var line = box() && box().querySelector("[data-keep-state]");
    if (line) line.textContent = text;
  }

  // --- the worker ------------------------------------------------------------

  var worker = null;
  var starting = null;
  var calls = {};
  var nextId = 1;

  function startWorker() {
    if (starting) return starting;
    var b = box();
    if (!b || !b.hasAttribute("data-worker") || !window.Worker) {
      return Promise.reject(new Error("not available"));
    }
    var began = performance.now();
    starting = new Promise(function (resolve, reject) {
      worker = new Worker(b.getAttribute("data-worker"), { type: "module" });
      worker.onmessage = function (event) {
        var data = event.data || {};
        if (data.type === "ready") {
          b.setAttribute("data-ready-ms", String(Math.round(performance.now() - began)));
          // For bench_phone: when the loader, Python and the rules were in.
          b.setAttribute("data-ready-parts", JSON.stringify(data.parts || {}));
          b.setAttribute("data-keep-ready", "");
          resolve();
        } else if (data.type === "failed") {
          reject(new Error(data.message));
        } else if (calls[data.id]) {
          var call = calls[data.id];
          delete calls[data.id];
          if (data.error) call.reject(new Error(data.error));
          else {
            b.setAttribute("data-last-call-ms", String(Math.round(data.ms * 10) / 10));
            call.resolve(data.result);
          }
        }
      };
      worker.onerror = function (event) {
        reject(new Error(event.message || "the worker stopped"));
      };
      worker.postMessage({
        type: "start",
        loader: b.getAttribute("data-loader"),
        indexURL: new URL(b.getAttribute("data-index"), window.location.href).href,
        bundle: b.getAttribute("data-bundle"),
        language: document.documentElement.lang,
      });
    });
    starting.catch(function () { starting = null; });
    return starting;
  }

  function call(name, args) {
    return startWorker().then(function () {
      return new Promise(function (resolve, reject) {
        var id = nextId++;
        calls[id] = { resolve: resolve, reject: reject };
        worker.postMessage({ id: id, call: name, args: args });
      });
    });
  }

  function isReady() { var b = box(); return !!b && b.hasAttribute("data-keep-ready"); }

  // --- keeping the game's record -------------------------------------------------

  function fetchRecord() {
    var b = box();
    var version = liveVersion();
    // A network that hangs rather than fails must not leave the sheet
    // undrawn: after 10 s the fetch gives up and the kept record is drawn.
    var abort = new AbortController();
    var timer = setTimeout(function () { abort.abort(); }, 10000);
    return fetch(b.getAttribute("data-record"), {
      credentials: "same-origin", cache: "no-store", signal: abort.signal
    }).finally(function () { clearTimeout(timer); })
      .catch(function (error) {
        if (abort.signal.aborted) throw new Error(t("no answer in {seconds} seconds", { seconds: 10 }));
        throw error;
      })
      .then(function (response) {
        if (!response.ok || response.redirected) throw new Error("status " + response.status);
        return response.json();
      }).then(function (file) {
        // A games file of this one game (docs/: the record format).
        var record = file && file.games && file.games[0];
        if (!record) throw new Error("the game's record was not in the answer");
        var entry = kept() || {};
        entry.record = record;
        entry.version = version;
        entry.at = Date.now();
        if (!store(keptName(), entry)) throw new Error("this phone's storage is full");
        return entry;
      });
  }

  function keepIt() {
    var b = box();
    if (!b || !b.hasAttribute("data-worker")) return;
    var button = b.querySelector("[data-keep-button]");
    if (button) button.disabled = true;
    say(t("Getting this game ready on this phone…"));
    fetchRecord().then(startWorker).then(function () {
      shown();
      redraw();
    }, function (error) {
      if (button) button.disabled = false;
      say(t("This phone could not keep the game ({why}). Try again.", { why: error.message }));
    });
  }

  function shown() {
    var b = box();
    if (!b) return;
    var button = b.querySelector("[data-keep-button]");
    if (button) button.hidden = true;
    b.setAttribute("data-kept", "");
    say(isReady()
      ? t("Kept on this phone: with the server out of reach, this sheet is scored here by the same rules.")
      : t("Kept on this phone; getting its rules ready…"));
  }

  // --- the sheet scored here ---------------------------------------------------------

  function waiting() {
    var me = person();
    var sheet = sheetAddress();
    return load(OUTBOX, []).filter(function (e) {
      return e.who === me && e.sheet === sheet && e.state === "waiting";
    });
  }

  // The hand on its way to the server (outbox.js): while it is answered
  // within moments, the server's sheet is the one to show.
  function sending() {
    return document.documentElement.getAttribute("data-outbox-sending");
  }

  function overtaken() {
    var me = person();
    var sheet = sheetAddress();
    return load(OUTBOX, []).some(function (e) {
      return e.who === me && e.sheet === sheet && e.state === "check";
    }) || !!document.querySelector("[data-came-back]");
  }

  function needed() {
    var unsent = waiting().filter(function (e) { return e.id !== sending(); });
    return unsent.length > 0 || !navigator.onLine || offlineCopy();
  }

  function typed(form) {
    var out = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && name !== "version" && name !== "key" &&
          typeof value === "string") out.push([name, value]);
    });
    return out;
  }

  function queuedFields() { return waiting().map(function (e) { return e.fields; }); }

  var drawing = false;
  var again = false;

  function redraw() {
    var entry = kept();
    if (!entry || !isReady()) return;
    if (drawing) { again = true; return; }
    var live = document.getElementById("live");
    if (!live) return;
    if (!needed()) {
      remove("phone-sheet");
      return;
    }
    drawing = true;
    var stale = navigator.onLine && !offlineCopy() && entry.version !== liveVersion();
    (stale ? fetchRecord().catch(function () { return entry; }) : Promise.resolve(entry))
      .then(function (fresh) {
        return call("drawn", [fresh.record, queuedFields()]);
      }).then(function (drawn) {
        draw(drawn);
      }, function () {
        say(t("This phone could not score the hands not sent yet; they are kept, and sent when the connection returns."));
      }).then(function () {
        drawing = false;
        if (again) { again = false; redraw(); }
      });
  }

  function remove(id) {
    var old = document.getElementById(id);
    if (old) steady(function () { old.remove(); });
  }

  function totalsList(drawn, marked) {
    var list = el("ol", "totals phone-totals columns-" + Math.min(drawn.sides.length, 4));
    list.setAttribute("aria-label", t("Totals scored on this phone"));
    drawn.sides.forEach(function (name, side) {
      var won = drawn.winner && drawn.winner.sides.indexOf(side) !== -1;
      var li = el("li", "total" + (won ? " won" : ""));
      li.appendChild(el("span", "who", name));
      var score = el("span", "score", String(drawn.totals[side]));
      score.setAttribute(marked, "");
      li.appendChild(score);
      list.appendChild(li);
    });
    return list;
  }

  function draw(drawn) {
    var live = document.getElementById("live");
    if (!live) return;
    var queued = drawn.rows.filter(function (r) { return r.queued; });
    var section = el("section", "phone-sheet");
    section.id = "phone-sheet";
    section.setAttribute("aria-live", "polite");
    section.appendChild(el("h2", "", t("Scored on this phone")));
    section.appendChild(el("p", "hint", queued.length
      ? (queued.length === 1 ? t("{n} hand not sent yet, scored on this phone by the game's rules. " +
        "The server's sheet comes back when they are sent.", { n: 1 }) : t("{n} hands not sent yet, scored on " +
        "this phone by the game's rules. The server's sheet comes back when they are sent.", { n: queued.length }))
      : t("The server is out of reach: hands scored now are kept and scored on this phone.")));
    section.appendChild(totalsList(drawn, "data-phone-total"));
    if (drawn.winner) {
      var won = el("section", "winner");
      won.setAttribute("data-phone-winner", "");
      won.appendChild(el("h2", "", "🏆 " + (drawn.winner.plural ? t("{names} win", { names: drawn.winner.names })
        : t("{names} wins", { names: drawn.winner.names }))));
      won.appendChild(el("p", "", drawn.winner.reason.charAt(0).toUpperCase() + drawn.winner.reason.slice(1) +
        (drawn.winner.decided_at ? t(", after hand {number}", { number: drawn.winner.decided_at }) : "") + ". " + t("Not sent yet.")));
      section.appendChild(won);
    } else {
      var next = el("p", "next-hand");
      next.setAttribute("data-phone-next", "");
      next.appendChild(document.createTextNode(t("Hand {number}", { number: drawn.next.number })));
      if (drawn.next.dealer) {
        next.appendChild(document.createTextNode(" · "));
        next.appendChild(el("strong", "", drawn.next.dealer));
        next.appendChild(document.createTextNode(" " + t("deals")));
      }
      if (drawn.next.opener) {
        next.appendChild(document.createTextNode(" · "));
        next.appendChild(el("strong", "", drawn.next.opener));
        next.appendChild(document.createTextNode(" " + drawn.next.opens));
      }
      section.appendChild(next);
      if (drawn.status) section.appendChild(el("p", "status-line", drawn.status));
    }
    if (queued.length) {
      var table = el("table");
      var head = el("thead");
      var tr = el("tr");
      tr.appendChild(el("th", "", "#"));
      drawn.sides.forEach(function (name) { tr.appendChild(el("th", "", name)); });
      head.appendChild(tr);
      table.appendChild(head);
      queued.forEach(function (row) {
        var body = el("tbody", "hand not-sent");
        body.setAttribute("data-phone-row", String(row.number));
        var awards = el("tr", "awards");
        var number = el("th", "", String(row.number));
        number.setAttribute("rowspan", "2");
        awards.appendChild(number);
        row.awards.forEach(function (award, side) {
          var cell = el("td");
          cell.appendChild(el("span", "award", award));
          cell.appendChild(document.createTextNode(" "));
          cell.appendChild(el("span", "running", String(row.totals[side])));
          awards.appendChild(cell);
        });
        body.appendChild(awards);
        var explain = el("tr", "explain");
        var words = el("td");
        words.setAttribute("colspan", String(drawn.sides.length));
        if (row.dealer) words.appendChild(el("span", "muted", t("{name} dealt.", { name: row.dealer }) + " "));
        words.appendChild(document.createTextNode(row.explanation + ". "));
        row.payments.forEach(function (line) { words.appendChild(el("span", "ledger", line + ". ")); });
        words.appendChild(el("strong", "not-sent-mark", t("Not sent yet")));
        explain.appendChild(words);
        body.appendChild(explain);
        table.appendChild(body);
      });
      section.appendChild(table);
    }
    if (drawn.refused) {
      section.appendChild(el("p", "error", t("A hand not sent yet no longer fits the sheet:") + " " +
        Object.keys(drawn.refused.errors).map(function (k) { return drawn.refused.errors[k]; }).join(" ")));
    }
    var entry = kept();
    if (entry && queued.length) {
      entry.had = { sides: drawn.sides, totals: drawn.totals, hands: drawn.rows.length, at: Date.now() };
      store(keptName(), entry);
    }
    steady(function () {
      var old = document.getElementById("phone-sheet");
      if (old) old.replaceWith(section);
      else {
        var anchor = document.getElementById("outbox") || document.getElementById("hand-form") ||
          document.getElementById("next-hand");
        if (anchor && anchor.parentNode === live) live.insertBefore(section, anchor);
        else live.appendChild(section);
      }
    });
  }

  // After catching up, a hand overtaken by another phone: what this phone
  // had, beside the server's sheet (the totals above it).
  function compare() {
    var entry = kept();
    var old = document.getElementById("phone-had");
    if (!entry || !entry.had || !overtaken() || needed()) {
      if (old && !overtaken()) {
        steady(function () { old.remove(); });
        if (entry && entry.had && !needed()) { delete entry.had; store(keptName(), entry); }
      }
      return;
    }
    if (old) return;
    var live = document.getElementById("live");
    if (!live) return;
    var had = entry.had;
    var section = el("section", "phone-had notice");
    section.id = "phone-had";
    section.appendChild(el("h2", "", t("What this phone had")));
    section.appendChild(el("p", "", had.hands === 1 ? t("Another phone changed the sheet while this one " +
      "was out of reach. Before catching up, this phone had {n} hand, with these totals; the server's " +
      "are above. The hands that did not go in are kept: score them again from the form, or drop them.",
      { n: 1 }) : t("Another phone changed the sheet while this one was out of reach. Before catching up, this " +
      "phone had {n} hands, with these totals; the server's are above. The hands that did not go in " +
      "are kept: score them again from the form, or drop them.", { n: had.hands })));
    var list = el("ol", "totals phone-totals");
    had.sides.forEach(function (name, side) {
      var li = el("li", "total");
      li.appendChild(el("span", "who", name));
      var score = el("span", "score", String(had.totals[side]));
      score.setAttribute("data-phone-had", "");
      li.appendChild(score);
      list.appendChild(li);
    });
    section.appendChild(list);
    steady(function () {
      var anchor = document.getElementById("outbox") || document.getElementById("hand-form");
      if (anchor && anchor.parentNode === live) live.insertBefore(section, anchor);
      else live.appendChild(section);
    });
  }

  // --- refusals, as the server's -------------------------------------------------------

  function clearErrors(form) {
    form.querySelectorAll("[data-phone-error]").forEach(function (node) { node.remove(); });
    form.querySelectorAll("fieldset[aria-invalid]").forEach(function (node) {
      node.removeAttribute("aria-invalid");
    });
  }

  function showErrors(form, errors) {
    clearErrors(form);
    var first = null;
    Object.keys(errors).forEach(function (name) {
      var line = el("p", "error", errors[name]);
      line.setAttribute("role", "alert");
      line.setAttribute("data-phone-error", "");
      var fieldset = form.querySelector('fieldset[data-field="' + name.replace(/"/g, "") + '"]');
      if (fieldset) {
        fieldset.setAttribute("aria-invalid", "true");
        fieldset.appendChild(line);
      } else {
        var heading = form.querySelector("h2");
        if (heading) heading.insertAdjacentElement("afterend", line);
        else form.insertBefore(line, form.firstChild);
      }
      first = first || line;
    });
    if (first) first.scrollIntoView({ block: "center" });
  }

  // On the window, so it comes before the outbox's own (on the document).
  window.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-outbox]")) return;
    if (form.vinescoreChecked) { form.vinescoreChecked = false; return; }
    var entry = kept();
    if (!entry || !isReady() || !needed()) return;
    // Checked here first, as the server would: only a hand it would take
    // goes on to the outbox.
    event.preventDefault();
    event.stopImmediatePropagation();
    if (form.hasAttribute("data-phone-checking")) return;
    form.setAttribute("data-phone-checking", "");
    call("refusal", [entry.record, queuedFields(), typed(form)]).then(function (errors) {
      form.removeAttribute("data-phone-checking");
      if (Object.keys(errors).length) {
        showErrors(form, errors);
        return;
      }
      clearErrors(form);
      form.vinescoreChecked = true;
      if (form.requestSubmit) form.requestSubmit();
      else form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
      redraw();
    }, function () {
      // The rules could not be run here: the outbox keeps the hand as it is.
      form.removeAttribute("data-phone-checking");
      form.vinescoreChecked = true;
      if (form.requestSubmit) form.requestSubmit();
    });
  }, true);

  // --- keeping up with the page ---------------------------------------------------------

  var lastSignature = "";
  function signature() {
    return JSON.stringify([waiting().map(function (e) { return e.id + e.version; }), sending(), liveVersion(),
      navigator.onLine, !!document.getElementById("phone-sheet"), overtaken()]);
  }

  var pending = null;
  function changed() {
    clearTimeout(pending);
    pending = setTimeout(function () {
      var now = signature();
      if (now === lastSignature) return;
      lastSignature = now;
      redraw();
      compare();
    }, 30);
  }

  function ready() {
    var b = box();
    if (!b) return;
    var button = b.querySelector("[data-keep-button]");
    if (button) button.addEventListener("click", keepIt);
    var tapped = b.hasAttribute("data-keep-now"); // tapped before this file came (vinescore.js)
    var started = load(STARTED, 0);
    if (started) {
      try { window.localStorage.removeItem(STARTED); } catch (e) { /* nothing kept */ }
    }
    if (kept()) {
      shown();
      var online = navigator.onLine && !offlineCopy();
      (online ? fetchRecord().catch(function () { return null; }) : Promise.resolve(null))
        .then(startWorker).then(function () { shown(); lastSignature = ""; changed(); }, function (error) {
          say(t("This game is kept on this phone, but its rules could not be loaded here ({why}).",
            { why: error.message }));
        });
    } else if (tapped || (started && Date.now() - started < 120000 && b.hasAttribute("data-worker"))) {
      keepIt(); // tapped, or the phone that started the game keeps it
    }
    var main = document.querySelector("main");
    if (main && window.MutationObserver) {
      new MutationObserver(function (mutations) {
        var ours = mutations.every(function (m) {
          return m.target.closest && (m.target.closest("#phone-sheet") || m.target.closest("#phone-had"));
        });
        if (!ours) changed();
      }).observe(main, { childList: true, subtree: true });
    }
    window.addEventListener("online", changed);
    window.addEventListener("offline", changed);
    window.addEventListener("storage", function (event) { if (event.key === OUTBOX) changed(); });
  }

  // Loaded by static/js/vinescore.js, usually once the page is there.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
