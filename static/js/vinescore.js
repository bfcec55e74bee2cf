// Progressive enhancement only: every form works without the scripts. What they share is here.
(function () {
  "use strict";
  const vinescore = (window.vinescore = {}); // what the other scripts use
  // The words in the page's language, from the JSON block of vinescore/jswords.py, {name}s filled in.
  const block = document.getElementById("vinescore-words"), said = block ? JSON.parse(block.textContent) : {};
  const t = (vinescore.t = (text, values) => (Object.hasOwn(said, text) ? said[text] : text)
    .replace(/\{(\w+)\}/g, (all, name) => (values && Object.hasOwn(values, name) ? String(values[name]) : all)));

  // The one storage of every script (localStorage: plain http too), each person's apart (data-offline-id).
  const keeping = (vinescore.store = {
    load(name, fallback) {
      try { return JSON.parse(localStorage.getItem(name)) || fallback; } catch (e) { return fallback; }
    },
    store(name, value) {
      try { localStorage.setItem(name, JSON.stringify(value)); } catch (e) { return false; }
      return true;
    },
    forget(name) {
      try { localStorage.removeItem(name); } catch (e) { /* nothing kept */ }
    },
    names() {
      try { return Object.keys(localStorage); } catch (e) { return []; }
    },
    person() {
      const el = document.querySelector("[data-offline-id]");
      return el ? el.getAttribute("data-offline-id") : "";
    },
  });

  // The sheet's places (data-slot) the phone fills with hands not sent yet; restore() puts the server's back.
  function change(el, name, value) {
    if (!el || el[name] === value) return;
    const key = name === "textContent" ? "innerHTML" : name, server = (el.vinescoreServer ||= {});
    if (!(key in server)) server[key] = el[key];
    el.setAttribute("data-server", "");
    el[name] = value;
  }
  vinescore.fill = {
    set: change,
    put: (el, text, html) => change(el, html ? "innerHTML" : "textContent", text),
    shows: (el, on) => change(el, "hidden", !on),
    mark(el, name, on) {
      const others = el ? Array.from(el.classList).filter((c) => c !== name) : [];
      change(el, "className", others.concat(on ? [name] : []).join(" "));
    },
    restore(root) {
      const made = "[data-phone-row], [data-phone-table], [data-phone-winner]"; // keep.js's own
      root.querySelectorAll(made).forEach((el) => el.remove());
      for (const el of root.querySelectorAll("[data-server]")) {
        Object.assign(el, el.vinescoreServer, { vinescoreServer: null });
        el.removeAttribute("data-server");
      }
      root.removeAttribute("data-filled");
    },
  };

  // A new element, with its properties and its attributes (role, data-*); a small button.
  const make = (vinescore.make = function (tag, props, attributes) {
    const el = Object.assign(document.createElement(tag), props);
    for (const [name, value] of Object.entries(attributes || {})) el.setAttribute(name, value);
    return el;
  });
  vinescore.button = (text, attributes) =>
    make("button", { type: "button", className: "small", textContent: text }, attributes);
  // One listener for several events ("a b c") on the document.
  const on = (vinescore.on = (names, listener, capture) =>
    names.split(" ").forEach((name) => document.addEventListener(name, listener, capture)));

  // When something changes above the hand form: with the totals on the screen the page holds, showing
  // the new totals and whatever came above them, but for a hand being typed, which stays under the thumb
  // as far as the totals (and the line about the connection) stay on the screen; without the totals in
  // view, the form stays where it was.
  const docTop = (el) => (el ? el.getBoundingClientRect().top + window.scrollY : Infinity);
  vinescore.steady = (update) => {
    const from = window.scrollY, form = document.getElementById("hand-form"), box = form?.getBoundingClientRect();
    const typing = !!form && form.hasAttribute("data-dirty"), was = docTop(form);
    const shown = !!box && box.bottom > 0 && box.top < window.innerHeight;
    const totals = () => document.querySelector("#live > ol.totals");
    const seen = totals()?.getBoundingClientRect(), held = !!seen && seen.top >= 0 && seen.bottom <= window.innerHeight;
    const result = update(), moved = shown ? docTop(document.getElementById("hand-form")) - was : 0;
    let to = from + (Number.isFinite(moved) ? moved : 0);
    if (held) to = typing ? Math.min(to, docTop(totals()), docTop(document.getElementById("connection"))) : from;
    if (Math.abs(window.scrollY - to) >= 1) window.scrollTo(0, Math.max(0, to));
    return result;
  };

  // Seating by tapping names in order: the chips fill the seats' name boxes.
  const seats = (form) => Array.from(form.querySelectorAll(".seat [data-new-name]"));
  const firstFree = (form) => seats(form).find((s) => !s.value.trim());
  // As near as JavaScript comes to the server's NFKC and case folding.
  const nameKey = (name) => name.normalize("NFKC").toLowerCase().normalize("NFKC");
  const seatOf = (form, name) => seats(form).find((s) => s.value.trim() && nameKey(s.value.trim()) === nameKey(name));
  document.addEventListener("click", (event) => {
    const close = event.target.closest("[data-close-panel]"), move = event.target.closest("[data-move]");
    const chip = event.target.closest("[data-seat-player]");
    if (close) {
      const slot = close.closest(".rules-slot");
      if (slot) slot.innerHTML = "";
    } else if (move) {
      const seat = move.closest(".seat");
      const list = Array.from(seat.parentNode.querySelectorAll(".seat"));
      const other = list[list.indexOf(seat) + parseInt(move.getAttribute("data-move"), 10)];
      if (!other) return;
      const a = seat.querySelector("[data-new-name]"), b = other.querySelector("[data-new-name]");
      [a.value, b.value] = [b.value, a.value];
      showSeating();
    } else if (chip) {
      const form = chip.closest("form"), name = chip.getAttribute("data-seat-name");
      const taken = seatOf(form, name), free = firstFree(form);
      if (taken) taken.value = "";
      else if (free) free.value = name;
      showSeating();
    } else if (event.target.closest("[data-seat-new]")) {
      seatNewPlayer(event.target.closest("form"));
    }
  });
  function seatNewPlayer(form) {
    const input = form.querySelector("[data-new-player]");
    const typed = input.value.trim().replace(/\s+/g, " "), free = firstFree(form);
    if (!typed || !free) return;
    const known = Array.from(form.querySelectorAll("[data-seat-player]"))
      .find((c) => nameKey(c.getAttribute("data-seat-name")) === nameKey(typed));
    const name = known ? known.getAttribute("data-seat-name") : typed;
    if (!seatOf(form, name)) free.value = name;
    input.value = "";
    input.focus(); // the next name goes in at once
    showSeating();
  }
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || !event.target.matches("[data-new-player]")) return;
    event.preventDefault(); // Enter seats the name typed, not sends the form
    seatNewPlayer(event.target.closest("form"));
  });

  // The chips say who sits where; the first-dealer choices show the seated names.
  function showSeating() {
    for (const form of document.querySelectorAll("[data-seating]")) {
      const list = seats(form);
      form.querySelector("[data-tap-seating]").hidden = false;
      list.forEach((s, i) => {
        const name = s.value.trim();
        const label = form.querySelector('[data-seat-label="' + i + '"]');
        if (label) label.textContent = name || t("Seat {n}", { n: i + 1 });
        if (label) label.parentNode.hidden = !name;
      });
      for (const chip of form.querySelectorAll("[data-seat-player]")) {
        const seat = seatOf(form, chip.getAttribute("data-seat-name")), at = list.indexOf(seat);
        chip.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
        if (at >= 0) chip.setAttribute("data-seat-number", String(at + 1));
        else chip.removeAttribute("data-seat-number");
      }
    }
  }
  document.addEventListener("change", showSeating);
  document.addEventListener("input", (event) => event.target.matches("[data-new-name]") && showSeating());

  // The column names stick under the "Hand N" bar however tall (on the root: htmx never swaps it).
  function measureBar() {
    const bar = document.getElementById("next-hand");
    if (bar) document.documentElement.style.setProperty("--bar-measured", bar.offsetHeight + "px");
  }
  window.addEventListener("resize", measureBar);

  // Moments come in the server's zone (templatetags/moments.py): shown in the phone's.
  const MOMENTS = {
    date: { day: "numeric", month: "short", year: "numeric" },
    time: { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  };
  function localTimes() {
    for (const el of document.querySelectorAll("time[data-moment]")) {
      const at = new Date(el.getAttribute("datetime")), how = MOMENTS[el.getAttribute("data-moment")];
      if (!how || isNaN(at.getTime())) continue;
      el.textContent = new Intl.DateTimeFormat(document.documentElement.lang || "en-GB", how).format(at);
    }
  }

  on("DOMContentLoaded htmx:afterSettle vinescore:live", () => {
    showSeating();
    localTimes();
    measureBar();
  });

  // After a hand is sent the page stays where Score was tapped, the first fact focused (its box:
  // no keyboard opens); a refusal shows its first message.
  let scoredFrom = null;
  document.addEventListener("submit", (event) => {
    if (event.target.matches("form[data-outbox]")) scoredFrom = window.scrollY;
  }, true);
  function nextHand() {
    const from = scoredFrom;
    scoredFrom = null;
    const error = document.querySelector("#hand-form .error, #hand-form [data-moved]");
    if (error) return error.scrollIntoView({ block: "center" });
    const first = document.querySelector("#hand-form fieldset.fact:not([hidden])");
    if (!first || !document.getElementById("just-scored")) return;
    if (from !== null) window.scrollTo(0, from);
    // When the whole next hand fits under the totals, show it all from the top.
    const facts = document.querySelectorAll("#hand-form > fieldset.fact:not([hidden])");
    const bar = document.querySelector("#hand-form .sticky");
    const end = facts.length ? facts[facts.length - 1].getBoundingClientRect().bottom + window.scrollY : 0;
    if (end && end + (bar ? bar.offsetHeight : 0) <= window.innerHeight) window.scrollTo(0, 0);
    first.focus({ preventScroll: true });
    const top = document.getElementById("next-hand")?.getBoundingClientRect().bottom || 0;
    if (first.getBoundingClientRect().top < top) first.scrollIntoView({ block: "start" });
  }
  // Last on the answer, after the outbox has listed its hands, before the screen is drawn.
  document.addEventListener("htmx:afterOnLoad", (event) => {
    if (event.detail.requestConfig?.verb === "post" && document.getElementById("live")) nextHand();
  });

  // Keep the screen awake on the score sheet, where the browser allows it.
  on("DOMContentLoaded visibilitychange", () => {
    const awake = document.body?.hasAttribute("data-keep-awake") && document.visibilityState === "visible";
    if (awake) navigator.wakeLock?.request("screen").catch(() => {});
  });

  // keep.js comes only to a phone that keeps this game, has just started it, or taps to keep it.
  function keepScript(now) {
    const box = document.getElementById("keep");
    if (!box || !box.hasAttribute("data-keep-script")) return;
    if (now) box.setAttribute("data-keep-now", "");
    if (box.hasAttribute("data-keep-loading")) return;
    box.setAttribute("data-keep-loading", "");
    document.head.appendChild(make("script", { src: box.getAttribute("data-keep-script") }));
  }
  document.addEventListener("DOMContentLoaded", () => {
    const mine = "vinescore:kept:" + keeping.person() + ":", box = document.getElementById("keep");
    // Games kept by someone else on this phone go, as their kept sheets do (sw.js).
    for (const key of keeping.person() ? keeping.names() : []) {
      if (key.startsWith("vinescore:kept:") && !key.startsWith(mine)) keeping.forget(key);
    }
    if ((box && keeping.load(mine + box.getAttribute("data-sheet"), null)) ||
        keeping.load("vinescore:keep-started", 0)) keepScript(false);
  });
  document.addEventListener("click", (event) => {
    if (event.target.closest("[data-keep-button]")) keepScript(true);
  });
  document.addEventListener("submit", (event) => {
    if (event.target.matches("form[data-keep-start]")) keeping.store("vinescore:keep-started", Date.now());
  });

  // Every request that fails says so beside what was tapped, with Try again.
  const UNREACHED = "Could not reach vinescore (no connection?): this did not go through.";
  const SILENT = "No answer from vinescore in {seconds} seconds: this did not go through.";
  const FAILING = "vinescore had a problem (error {status}): this did not go through.";
  const say = (vinescore.say = function (beside, text, retry) {
    const old = beside.nextElementSibling;
    const line = make("span", { className: "request-failed", textContent: text + " " },
      { role: "alert", "data-request-failed": "" });
    if (old && old.hasAttribute("data-request-failed")) old.remove();
    if (retry) {
      const again = line.appendChild(vinescore.button(t("Try again")));
      again.addEventListener("click", () => {
        line.remove();
        retry();
      });
    }
    beside.insertAdjacentElement("afterend", line);
  });

  function failed(event) {
    const detail = event.detail || {}, elt = detail.elt || detail.requestConfig?.elt;
    if (!elt || !elt.isConnected || elt.hasAttribute("data-live-poll")) return; // live.js says so
    const status = detail.xhr ? detail.xhr.status : 0;
    const text = event.type === "htmx:timeout" ? t(SILENT, { seconds: window.htmx.config.timeout / 1000 })
      : event.type === "htmx:sendError" || !status ? t(UNREACHED)
      : status >= 500 ? t(FAILING, { status: status })
      : status === 403 ? t("Refused: you may not do this here, or you were signed out (error 403).")
      : status === 404 ? t("Not found: it may have been deleted (error 404).")
      : t("Refused by vinescore (error {status}).", { status: status });
    const beside = elt.closest("form, a, button") || elt;
    const retry = () => (beside.tagName === "FORM" ? window.htmx.trigger(beside, "submit") : beside.click());
    say(beside, text, retry);
  }
  on("htmx:sendError htmx:timeout htmx:responseError", failed);
  document.addEventListener("htmx:beforeRequest", (event) => {
    const next = event.detail.elt && event.detail.elt.nextElementSibling;
    if (next && next.hasAttribute("data-request-failed")) next.remove();
  });

  // A one-time key (changes.KEY) made by the phone (crypto.randomUUID would need https).
  vinescore.newKey = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))))
    .replace(/\+/g, "-").replace(/\//g, "_");
  // A plain post to this site (not htmx's: prevented by then) asks /up/ first; no answer, nothing is sent.
  function plainPost(form) {
    const attr = (name) => (form.getAttribute(name) || "").toLowerCase();
    if (attr("method") !== "post" || attr("enctype") === "multipart/form-data") return false;
    if (attr("target") && attr("target") !== "_self") return false; // a file: the service worker's
    return new URL(form.getAttribute("action") || location.href, location.href).origin === location.origin;
  }

  function reach(form, submitter) {
    const beside = submitter && submitter.isConnected ? submitter : form;
    function notSent(text) {
      form.removeAttribute("data-reaching");
      say(beside, text, () => reach(form, submitter));
    }
    if (navigator.onLine === false) return notSent(t(UNREACHED));
    form.setAttribute("data-reaching", "");
    const signal = AbortSignal.timeout(window.htmx.config.timeout);
    fetch("/up/", { method: "HEAD", cache: "no-store", redirect: "manual", signal }).then((response) => {
      if (response.status >= 500) return notSent(t(FAILING, { status: response.status }));
      form.removeAttribute("data-reaching");
      if (!form.isConnected) return; // the sheet moved on meanwhile: nothing to send
      form.vinescoreReached = true; // the submit event comes again, at once: this time it goes
      form.requestSubmit(submitter && submitter.isConnected && submitter.form === form ? submitter : null);
      form.vinescoreReached = false;
    }, () => notSent(signal.aborted ? t(SILENT, { seconds: window.htmx.config.timeout / 1000 }) : t(UNREACHED)));
  }

  // As the event bubbles: after htmx (on the form) and the outbox (capturing).
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (event.defaultPrevented || form.tagName !== "FORM" || form.vinescoreReached) return;
    if (!plainPost(form)) return;
    // A form of a live part kept for every phone (sheet_views.py) takes the page's token and a key of its own.
    const { csrfmiddlewaretoken: token, key } = form.elements;
    if (token && !token.value) token.value = JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
    if (key && !key.value) key.value = vinescore.newKey();
    event.preventDefault();
    if (!form.hasAttribute("data-reaching")) reach(form, event.submitter || null); // else a second tap
  });
})();
