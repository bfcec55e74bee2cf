// "Keep this game on this phone": with hands waiting or offline, the server's sheet is filled
// by the game's own rules in Pyodide (scoring-worker.js), rows from its <template id="phone-sheet">.
(function () {
  "use strict";
  const { t, steady, store: keeping, fill: fills, outbox, hand, make, on } = window.vinescore;
  const { put, mark, shows } = fills;
  const STARTED = "vinescore:keep-started"; // this phone just started a game (vinescore.js)
  const box = () => document.getElementById("keep");
  const live = () => document.getElementById("live");
  const keptName = () => "vinescore:kept:" + keeping.person() + ":" + box().dataset.sheet;
  const kept = () => (box() ? keeping.load(keptName(), null) : null);
  const liveVersion = () => (live() ? parseInt(live().dataset.version, 10) : null);
  const offlineCopy = () => document.documentElement.hasAttribute("data-offline-copy");
  const isReady = () => !!box() && box().hasAttribute("data-keep-ready");
  const slot = (root, name) => root.querySelector('[data-slot="' + name + '"]');
  const say = (text) => box().querySelectorAll("[data-keep-state]").forEach((el) => { el.textContent = text; });

  // The worker: started once, then asked by a channel of each call's own.
  let worker = null, starting = null;
  function startWorker() {
    const b = box(), began = performance.now();
    if (starting) return starting;
    if (!b.hasAttribute("data-worker") || !window.Worker) return Promise.reject(new Error("not available"));
    starting = new Promise((resolve, reject) => {
      worker = new Worker(b.dataset.worker, { type: "module" });
      worker.onerror = (event) => reject(new Error(event.message || "the worker stopped"));
      worker.onmessage = ({ data }) => {
        if (data.type === "failed") return reject(new Error(data.message));
        b.dataset.readyMs = Math.round(performance.now() - began);
        b.dataset.readyParts = JSON.stringify(data.parts || {}); // for bench_phone
        b.dataset.keepReady = "";
        resolve();
      };
      const { loader, bundle } = b.dataset, indexURL = new URL(b.dataset.index, location.href).href;
      worker.postMessage({ type: "start", loader, bundle, indexURL, language: document.documentElement.lang });
    });
    starting.catch(() => { starting = null; });
    return starting;
  }

  async function call(name, args) {
    await startWorker();
    const channel = new MessageChannel();
    worker.postMessage({ call: name, args: args }, [channel.port2]);
    const data = await new Promise((resolve) => { channel.port1.onmessage = (event) => resolve(event.data); });
    if (data.error) throw new Error(data.error);
    box().dataset.lastCallMs = Math.round(data.ms * 10) / 10;
    return data.result;
  }

  // The game's record, fetched again whenever the sheet moves on while the server answers.
  let fetching = null;
  async function fetchRecord() {
    const version = liveVersion(), signal = AbortSignal.timeout(10000); // a network that hangs
    const response = await fetch(box().dataset.record, { cache: "no-store", signal }).catch((error) => {
      throw signal.aborted ? new Error(t("no answer in {seconds} seconds", { seconds: 10 })) : error;
    });
    if (!response.ok || response.redirected) throw new Error("status " + response.status);
    const file = await response.json(), entry = kept() || {};
    entry.record = file && file.games && file.games[0]; // a games file of this one game
    entry.version = version;
    if (!entry.record) throw new Error("the game's record was not in the answer");
    if (!keeping.store(keptName(), entry)) throw new Error("this phone's storage is full");
  }
  const record = () => (fetching ||= fetchRecord().finally(() => { fetching = null; }));

  async function keepIt() {
    const button = box().querySelector("[data-keep-button]");
    if (button) button.disabled = true;
    say(t("Getting this game ready on this phone…"));
    try {
      await record();
      await startWorker();
    } catch (error) {
      if (button) button.disabled = false;
      return say(t("This phone could not keep the game ({why}). Try again.", { why: error.message }));
    }
    shown();
    changed();
  }

  function shown() {
    const button = box().querySelector("[data-keep-button]");
    if (button) button.hidden = true;
    box().setAttribute("data-kept", "");
    say(isReady() ? t("Kept on this phone: with the server out of reach, this sheet is scored here by the " +
      "same rules.") : t("Kept on this phone; getting its rules ready…"));
    document.dispatchEvent(new CustomEvent("vinescore:kept"));
  }

  // Wanted while hands wait that are not on their way, or with the server out of reach.
  const waiting = () => outbox.mine("waiting");
  const needed = () => waiting().some((e) => e.id !== outbox.sending()) || !navigator.onLine || offlineCopy();
  const queued = () => waiting().map((e) => e.fields);

  function write(root, values) {
    for (const [name, value] of Object.entries(values)) {
      if (slot(root, name)) slot(root, name).textContent = String(value);
    }
  }

  function row(template, r) {
    const body = template.content.querySelector("[data-phone-row]").cloneNode(true), cell = slot(body, "cell");
    r.awards.forEach((award, side) => {
      const td = cell.parentNode.appendChild(cell.cloneNode(true));
      td.querySelector(".award").textContent = award;
      td.querySelector(".running").textContent = r.totals[side];
    });
    cell.remove();
    body.setAttribute("data-phone-row", r.number);
    write(body, { ...r, payments: r.payments.join(". ") }); // number, dealt, explanation
    return body;
  }

  function winner(template, won) {
    const section = template.content.querySelector("[data-phone-winner]").cloneNode(true);
    const list = slot(section, "standings"), item = list.firstElementChild;
    write(section, { title: won.title, reason: won.reason });
    for (const place of won.standings) {
      const spans = list.appendChild(item.cloneNode(true)).querySelectorAll("span");
      spans.forEach((el, i) => { el.textContent = place[i]; });
    }
    item.remove();
    if (won.standings.length < 2) list.remove();
    return section;
  }

  function fill(drawn) {
    const root = live(), template = document.getElementById("phone-sheet");
    const rows = drawn.rows, last = rows[rows.length - 1], won = drawn.winner ? drawn.winner.sides : [];
    if (!root || !template) return;
    fills.restore(root);
    root.setAttribute("data-filled", "");
    root.querySelectorAll("ol.totals li").forEach((li, side) => {
      put(li.querySelector("[data-total]"), String(drawn.totals[side]));
      mark(li, "won", won.includes(side));
      if (last) put(li.querySelector(".change"), drawn.winner ? "" : last.awards[side]); // the last hand's
    });
    put(document.getElementById("status-line"), drawn.status);
    const scored = document.getElementById("just-scored");
    if (last && scored) {
      put(slot(scored, "scored-title"), last.scored);
      put(slot(scored, "scored-explanation"), last.said + ".");
      scored.querySelectorAll(".changes strong").forEach((el, side) => put(el, last.awards[side]));
      put(slot(scored, "scored-payments"), last.payments.join(". "));
      shows(slot(scored, "scored-payments"), last.payments.length > 0);
      shows(slot(scored, "scored-unsent"), true);
      shows(scored.querySelector(".just-actions"), false); // Undo and Edit are for the server's last hand
    }
    const next = document.getElementById("next-hand");
    if (next) {
      put(slot(next, "next-hand"), drawn.next.line, true); // names escaped by phone.py
      put(slot(next, "unsent"), " · " + (rows.length === 1 ? t("1 hand not sent yet")
        : t("{n} hands not sent yet", { n: rows.length })));
      shows(slot(next, "unsent"), rows.length > 0);
      shows(next, !drawn.winner);
    }
    put(slot(root, "hand-title"), drawn.next.title);
    put(slot(root, "score-hand"), drawn.next.score);
    for (const chip of root.querySelectorAll("#hand-form fieldset[data-opening] label.chip")) {
      const first = chip.querySelector("input").value === String(drawn.next.first);
      mark(chip, "first", first);
      fills.set(chip, "title", first ? drawn.next.first_words : "");
    }
    const sheet = root.querySelector("section.sheet");
    let table = sheet.querySelector("table");
    if (rows.length && !table) {
      table = sheet.appendChild(template.content.querySelector("table").cloneNode(true));
      table.querySelector("[data-phone-row]").remove();
      table.setAttribute("data-phone-table", "");
      shows(root.querySelector("section.sheet .empty"), false);
    }
    rows.forEach((r) => table.appendChild(row(template, r)));
    const before = next || root.querySelector("#hand-form");
    if (drawn.winner && before) before.insertAdjacentElement("beforebegin", winner(template, drawn.winner));
    let text = rows.length === 1 ? t("The totals hold 1 hand scored on this phone and not sent yet.")
      : rows.length ? t("The totals hold {n} hands scored on this phone and not sent yet.", { n: rows.length })
      : t("The server is out of reach: hands scored now are kept and scored on this phone.");
    if (drawn.refused) {
      text += " " + t("A hand not sent yet no longer fits the sheet:") + " " +
        Object.values(drawn.refused.errors).join(" ");
    }
    put(document.getElementById("unsent-note"), text);
    shows(document.getElementById("unsent-note"), true);
    const entry = kept();
    if (rows.length) entry.had = drawn.sides.map((name, side) => name + " " + drawn.totals[side]);
    keeping.store(keptName(), entry);
  }

  // After catching up, with a hand overtaken by another phone: what this phone had.
  function compare() {
    const entry = kept(), note = document.getElementById("unsent-note");
    if (!entry.had || !note) return;
    if (!document.querySelector("#hand-form [data-moved]") && !outbox.mine("check").length) {
      delete entry.had;
      return keeping.store(keptName(), entry);
    }
    put(note, t("Another phone changed the sheet while this one was out of reach. Before catching up, this " +
      "phone had these totals: {totals}. The hands that did not go in are kept: score them again from the " +
      "form, or drop them.", { totals: entry.had.join(", ") }));
    shows(note, true);
  }
  // One drawing at a time, in turn; a fetch that fails is tried once a version.
  let drawing = Promise.resolve(), tried = null, pending = null;
  async function redraw() {
    const entry = kept(), root = live();
    if (!entry || !isReady() || !root) return;
    if (navigator.onLine && !offlineCopy() && entry.version !== liveVersion() && tried !== liveVersion()) {
      tried = liveVersion();
      await record().catch(() => {});
      return redraw(); // from the record as it is now
    } else if (!needed()) {
      if (root.hasAttribute("data-filled")) steady(() => fills.restore(root));
      compare();
    } else if (entry.version === liveVersion()) { // else the sheet is newer: the outbox says what it leaves out
      try {
        const sheet = await call("drawn", [entry.record, queued()]);
        steady(() => fill(sheet));
      } catch (error) {
        say(t("This phone could not score the hands not sent yet; they are kept, and sent when the connection " +
          "returns."));
      }
    }
  }
  function changed() {
    clearTimeout(pending);
    pending = setTimeout(() => { drawing = drawing.catch(() => {}).then(redraw); }, 30);
  }

  function showErrors(form, errors) {
    form.querySelectorAll("[data-phone-error]").forEach((node) => node.remove());
    form.querySelectorAll("fieldset[aria-invalid]").forEach((node) => node.removeAttribute("aria-invalid"));
    Object.entries(errors).forEach(([name, text], i) => {
      const fieldset = form.querySelector('fieldset[data-field="' + name + '"]');
      const line = make("p", { className: "error", textContent: text }, { role: "alert", "data-phone-error": "" });
      fieldset?.setAttribute("aria-invalid", "true");
      (fieldset || form.querySelector("h2")).insertAdjacentElement(fieldset ? "beforeend" : "afterend", line);
      if (!i) line.scrollIntoView({ block: "center" });
    });
  }

  // On the window, before htmx and the outbox: only a hand the rules take goes on.
  window.addEventListener("submit", async (event) => {
    const form = event.target, entry = kept(), checked = form.vinescoreChecked;
    form.vinescoreChecked = false;
    if (!form.matches("form[data-outbox]") || checked) return;
    if (!entry || !isReady() || !needed()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (form.hasAttribute("data-phone-checking")) return;
    form.setAttribute("data-phone-checking", "");
    // Not run here: sent as it is.
    const errors = await call("refusal", [entry.record, queued(), hand.typed(form)]).catch(() => ({}));
    form.removeAttribute("data-phone-checking");
    showErrors(form, errors || {});
    if (errors && Object.keys(errors).length) return;
    form.vinescoreChecked = true;
    form.requestSubmit();
  }, true);

  function ready() {
    const b = box(), started = keeping.load(STARTED, 0);
    keeping.forget(STARTED);
    document.addEventListener("click", (event) => event.target.closest("[data-keep-button]") && keepIt());
    if (kept()) {
      shown();
      startWorker().then(shown, (error) => say(t("This game is kept on this phone, but its rules could not be " +
        "loaded here ({why}).", { why: error.message }))).then(changed);
    } else if ("keepNow" in b.dataset || (Date.now() - started < 120000 && "worker" in b.dataset)) {
      keepIt(); // tapped before this file came, or the phone that started the game keeps it
    }
    on("vinescore:outbox vinescore:live htmx:afterSettle", changed);
    ["online", "offline"].forEach((name) => window.addEventListener(name, changed));
  }

  ready(); // loaded by vinescore.js once the page is there
})();
