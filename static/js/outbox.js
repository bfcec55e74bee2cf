// The outbox: a hand goes by htmx's own request (the form's hx-post), kept here meanwhile with its
// version and key; unanswered, it goes again in order (htmx.ajax), forgotten only on an answer.
(function () {
  "use strict";
  const { t, steady, store: keeping, make, button, on, say, fill: fills, hand, live, newKey } = window.vinescore;
  const OUTBOX = "vinescore:outbox";
  const all = () => keeping.load(OUTBOX, []);
  const mine = (state, sheet) => all().filter((e) =>
    e.who === keeping.person() && (!state || e.state === state) && (!sheet || e.sheet === sheet));
  const update = (id, what) => keeping.store(OUTBOX, all().map((e) => (e.id === id ? { ...e, ...what } : e)));
  const remove = (id) => keeping.store(OUTBOX, all().filter((e) => e.id !== id));
  const handForm = () => document.getElementById("hand-form");
  const sheetOf = (form) => form && form.getAttribute("action").replace(/hands\/$/, "");
  const currentSheet = () => sheetOf(document.querySelector("form[data-outbox]"));
  const drawn = (el, name) => (el ? parseInt(el.getAttribute(name), 10) : NaN); // as the server drew it
  const answered = (xhr) => new URL(xhr.responseURL, location.href).pathname;
  // "Ben, 4": the chips picked (their data-label, _hand_fields.html), for the row of a hand not sent yet.
  const gist = (form) => Array.from(form.querySelectorAll("input[data-label]:checked:enabled"))
    .map((el) => el.dataset.label).filter(Boolean).slice(0, 6).join(", ");

  let sending = null; // the entry on its way
  // One sent straight away is listed above the form only when still on its way after a while
  // (the answer moves the page).
  const SLOW = 1500, quiet = (e) => sending && e.id === sending.id && !e.queued && Date.now() - e.at < SLOW;
  let retryIn = 2000, retryTimer = null;
  const isHand = (elt) => !!elt && !!elt.matches && elt.matches("form[data-outbox]");
  const ours = (detail) => !!sending && (detail.requestConfig || detail).formData?.get("key") === sending.key;

  // A second tap while the hand is on its way, or just after with nothing typed since, is the same hand.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const again = Date.now() - (form.vinescoreSentAt || 0) < 1500 && !form.hasAttribute("data-dirty");
    if (isHand(form) && (form.hasAttribute("data-sending") || again)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
  document.addEventListener("htmx:configRequest", (event) => {
    const form = event.detail.elt, sheet = isHand(form) && sheetOf(form);
    if (!sheet) return;
    const entry = {
      // A key of its own for each hand: the form's may be used already (a page kept offline).
      id: newKey(), key: newKey(), who: keeping.person(), url: form.getAttribute("action"), sheet: sheet,
      fields: hand.typed(form), version: parseInt(form.querySelector('[name="version"]').value, 10),
      number: drawn(document.getElementById("live"), "data-next-number") + mine("waiting", sheet).length,
      gist: gist(form), state: "waiting", at: Date.now(),
      // Sent now only when nothing waits before it; else it waits its turn.
      queued: mine("waiting").length > 0 || !!sending || navigator.onLine === false,
    };
    if (!keeping.store(OUTBOX, all().concat([entry]))) {
      event.preventDefault();
      return say(form, t("This phone could not keep the hand (its storage is full or switched " +
        "off), so it was not sent. It is still in the form."), () => window.htmx.trigger(form, "submit"));
    }
    form.vinescoreSentAt = Date.now();
    if (form === handForm()) hand.clearDraft(form);
    if (entry.queued) {
      event.preventDefault();
      if (form === handForm()) hand.reset(form);
      return flush();
    }
    event.detail.formData.set("key", entry.key);
    sending = entry;
    form.setAttribute("data-sending", "");
    setTimeout(show, SLOW);
    show();
  });

  // The next hand waiting, sent as the form would (another game's without a swap here).
  function flush(again) {
    const next = mine("waiting")[0], here = next && next.sheet === currentSheet();
    if (again) retryIn = 2000;
    show();
    if (sending || !next) return;
    if (navigator.onLine === false) return notSent(next, {});
    const values = { version: String(next.version), key: next.key, played_at: new Date(next.at).toISOString() };
    next.fields.forEach(([name, value]) => (values[name] = values[name] || []).push(value));
    sending = next;
    show();
    window.htmx.ajax("POST", next.url, {
      source: document.getElementById("live") || document.body, values: values,
      target: here ? "#live" : null, swap: "outerHTML", handler: here ? null : () => {},
    }).catch(() => {}); // said by the events below
  }

  // No answer: the hand stays, and goes again by itself.
  function notSent(entry, why) {
    mine("waiting").forEach((e) => update(e.id, { queued: true }));
    update(entry.id, {
      why: why.status ? t("the server had a problem (error {status})", { status: why.status })
        : why.timeout ? t("no answer in {seconds} seconds", { seconds: window.htmx.config.timeout / 1000 })
        : t("no connection"),
    });
    if (free()) hand.reset(handForm()); // it waits with the rest: the form is free
    sending = null;
    if (!why.status) live.connection(false);
    show();
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, retryIn);
    retryIn = Math.min(retryIn * 2, 30000);
  }
  on("htmx:sendError htmx:timeout htmx:sendAbort htmx:responseError", (event) => {
    if (!ours(event.detail)) return;
    event.stopImmediatePropagation(); // no words beside the form: the hand is kept, or answered below
    if (event.type !== "htmx:responseError") notSent(sending, { timeout: event.type === "htmx:timeout" });
  }, true);

  // The forms of the hand on its way are free again; true when it was the hand form's.
  function free() {
    const was = !!handForm() && handForm().hasAttribute("data-sending");
    document.querySelectorAll("form[data-sending]").forEach((form) => form.removeAttribute("data-sending"));
    return was;
  }
  const typingAnother = () => !!handForm() && handForm().matches("[data-dirty]:not([data-sending])");

  // The answer goes in around a hand being typed meanwhile, and never as a sign-in page.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const detail = event.detail;
    if (!ours(detail) || !detail.shouldSwap) return;
    detail.shouldSwap = answered(detail.xhr) === sending.url && !typingAnother();
    if (!detail.shouldSwap && answered(detail.xhr) === sending.url) live.arrive(detail.xhr.responseText);
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    const xhr = event.detail.xhr, entry = sending, status = xhr && xhr.status;
    if (!ours(event.detail) || !status) return;
    if (status >= 500) return notSent(entry, { status: status });
    sending = null;
    free();
    const after = mine("waiting", entry.sheet).filter((e) => e.id !== entry.id && e.version === entry.version);
    if (answered(xhr) !== entry.url) {
      update(entry.id, { state: "stuck", why: refusal(403) }); // sent to the sign-in page
    } else if (status < 300) {
      // Stored (or before, under its key): those typed after it go as from the new version.
      remove(entry.id);
      const sheet = new DOMParser().parseFromString(xhr.responseText, "text/html").getElementById("live");
      after.forEach((e) => update(e.id, { version: drawn(sheet, "data-version") }));
    } else if (status === 409 || status === 422) {
      // Overtaken, or not a hand as typed: those typed after it wait for the scorekeeper.
      after.forEach((e) => update(e.id, { state: "check", why: t("the sheet changed before it was sent") }));
      if (entry.sheet !== currentSheet() || typingAnother()) {
        update(entry.id, { state: "check", why: status === 409 ? t("another phone changed the sheet first")
          : t("it could not be scored as typed") });
      } else {
        remove(entry.id); // the sheet came back with the hand in its form, kept from a push and a reload
        if (status === 409) hand.keep(handForm());
      }
    } else {
      update(entry.id, { state: "stuck", why: refusal(status) });
    }
    live.connection(true); // which sends what waits next
    flush(true);
  });
  const refusal = (status) => (status === 403 ? t("the server refused it (403): sign in again, then try again")
    : status === 404 ? t("the server does not know this game any more (404)")
    : t("the server refused it (error {status})", { status: status }));

  const entryButton = (text, action, id) => button(text, { "data-outbox-action": action, "data-entry": id });

  function row(e) {
    const going = sending && sending.id === e.id;
    const li = make("li", { className: "outbox-" + e.state }, { "data-entry": e.id });
    const title = t("Hand {number}", { number: e.number || "" }) + (e.gist ? " (" + e.gist + ")" : "");
    li.append(make("strong", { textContent: title }), ": " + (e.state === "waiting" && going ? t("sending…")
      : e.state === "waiting" ? t("not sent yet") + (e.why ? " (" + e.why + ")" : "") + ". " +
        t("Kept on this phone; it is sent by itself when the connection returns.")
      : e.state === "check" ? t("not saved, {why}.", { why: e.why }) + " " +
        t("Put it back in the form to check it and score it again.")
      : t("not saved, {why}.", { why: e.why })) + " ");
    if (e.state === "waiting" && !going) li.append(entryButton(t("Send now"), "send", e.id));
    if (e.state === "check") li.append(entryButton(t("Put it in the form"), "restore", e.id));
    if (e.state === "stuck") li.append(entryButton(t("Try again"), "retry", e.id));
    if (e.state !== "waiting") li.append(entryButton(t("Drop it"), "drop", e.id));
    return li;
  }

  function show() {
    const sheet = document.getElementById("live"), old = document.getElementById("outbox"), form = handForm();
    const list = currentSheet() ? mine(null, currentSheet()).filter((e) => !quiet(e)) : [];
    const box = make("section", { id: "outbox", className: "outbox" }, { "aria-live": "polite" });
    box.append(make("h2", { textContent: t("Not sent yet") }), make("ol"));
    box.lastChild.append(...list.map(row));
    if (sheet && list.length) {
      // Under the hand form, which stays with the totals on the screen (the note by them counts these).
      const put = () => (form && form.parentNode === sheet ? form.after(box)
        : sheet.insertBefore(box, document.getElementById("next-hand") || sheet.firstChild));
      steady(() => (old ? old.replaceWith(box) : put()));
    } else if (old) {
      steady(() => old.remove());
    }
    countWaiting(sheet, list.filter((e) => e.state === "waiting").length);
    document.dispatchEvent(new CustomEvent("vinescore:outbox"));
  }

  // "Hand 12" in the slots the server marked while hand 11 waits (a kept game's sheet says it itself).
  function countWaiting(sheet, waiting) {
    const next = drawn(sheet, "data-next-number") + waiting;
    if (!sheet || isNaN(next) || sheet.hasAttribute("data-filled")) return;
    fills.restore(sheet);
    if (!waiting) return;
    const slot = (name) => sheet.querySelector('[data-slot="' + name + '"]');
    const note = document.getElementById("unsent-note"), keep = document.getElementById("keep");
    // "Hand 12" (and who deals: only a kept game knows), "Score hand 12".
    ["hand-title", "next-hand"].forEach((name) => fills.put(slot(name), t("Hand {number}", { number: next })));
    fills.put(slot("score-hand"), t("Score hand {number}", { number: next }));
    fills.put(slot("unsent"), " · " + (waiting === 1 ? t("1 hand not sent yet")
      : t("{n} hands not sent yet", { n: waiting })));
    fills.put(note, waiting === 1 ? t("These totals leave out 1 hand not sent yet.")
      : t("These totals leave out {n} hands not sent yet.", { n: waiting }));
    [slot("unsent"), note].forEach((el) => fills.shows(el, true));
    if (note && keep && keep.hasAttribute("data-worker") && !keep.hasAttribute("data-kept")) {
      const offer = t("Keep this game on this phone to score them here");
      note.append(" ", button(offer, { "data-keep-button": "" }));
    }
  }
  document.addEventListener("click", (event) => {
    const b = event.target.closest("[data-outbox-action]"), id = b && b.getAttribute("data-entry");
    const entry = id && all().find((e) => e.id === id), action = b && b.getAttribute("data-outbox-action");
    if (!entry) return;
    if (action === "send" || action === "retry") update(id, { state: "waiting" });
    if (action === "drop" || (action === "restore" && handForm())) remove(id);
    if (action === "restore" && handForm()) {
      hand.fill(handForm(), entry.fields);
      hand.keep(handForm());
      handForm().scrollIntoView({ block: "start" });
    }
    flush(true);
  });

  // What keep.js asks of the outbox, for this sheet.
  window.vinescore.outbox = { mine: (state) => mine(state, currentSheet()), sending: () => sending?.id };
  document.addEventListener("htmx:afterSettle", (event) => event.detail.target?.id === "live" && show());
  on("vinescore:live vinescore:kept", show);
  document.addEventListener("vinescore:online", flush);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && flush());
  window.addEventListener("online", flush);
  window.addEventListener("storage", (event) => event.key === OUTBOX && show());
  flush(); // a deferred script: the page is there
})();
