// Progressive enhancement only: every form works without this file.
(function () {
  "use strict";

  // The words the scripts show, in the page's language: the server puts
  // them in the page (vinescore/jswords.py, a data block: no script runs),
  // keyed by the English. vinescoreWords("{n} left", {n: 3}).
  var said = null;
  window.vinescoreWords = function (text, values) {
    if (said === null) {
      var block = document.getElementById("vinescore-words");
      try { said = block ? JSON.parse(block.textContent) : {}; } catch (e) { said = {}; }
    }
    var out = Object.prototype.hasOwnProperty.call(said, text) ? said[text] : text;
    return out.replace(/\{(\w+)\}/g, function (all, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  };
  var t = window.vinescoreWords;

  // What this phone keeps (localStorage, which works on plain http too), for
  // every script: JSON values, and whose they are (the pages' data-offline-id,
  // vinescore.offline.templatetags): each person's alone on a shared phone.
  window.vinescoreStore = {
    load: function (name, fallback) {
      try { return JSON.parse(window.localStorage.getItem(name)) || fallback; } catch (e) { return fallback; }
    },
    store: function (name, value) {
      try { window.localStorage.setItem(name, JSON.stringify(value)); return true; } catch (e) { return false; }
    },
    forget: function (name) {
      try { window.localStorage.removeItem(name); } catch (e) { /* nothing kept */ }
    },
    person: function () {
      var el = document.querySelector("[data-offline-id]");
      return el ? el.getAttribute("data-offline-id") : "";
    },
  };
  var keeping = window.vinescoreStore;

  // The places of the sheet the server marked (data-slot) that the phone
  // fills with the hands scored on it and not sent yet (outbox.js, keep.js);
  // what the server put there goes back with restore().
  window.vinescoreFill = {
    put: function (el, text, html) {
      if (!el) return;
      if (!el.hasAttribute("data-server")) el.setAttribute("data-server", el.innerHTML);
      if (html) el.innerHTML = text; else el.textContent = text;
    },
    mark: function (el, name, on) {
      if (!el || el.classList.contains(name) === on) return;
      if (!el.hasAttribute("data-server-class")) el.setAttribute("data-server-class", el.className);
      el.classList.toggle(name, on);
    },
    shows: function (el, on) {
      if (!el || el.hidden === !on) return;
      if (!el.hasAttribute("data-server-hidden")) el.setAttribute("data-server-hidden", el.hidden ? "1" : "");
      el.hidden = !on;
    },
    restore: function (root) {
      root.querySelectorAll("[data-phone-row], [data-phone-table], [data-phone-winner]").forEach(function (el) { el.remove(); });
      root.querySelectorAll("[data-server]").forEach(function (el) {
        el.innerHTML = el.getAttribute("data-server");
        el.removeAttribute("data-server");
      });
      root.querySelectorAll("[data-server-class]").forEach(function (el) {
        el.className = el.getAttribute("data-server-class");
        el.removeAttribute("data-server-class");
      });
      root.querySelectorAll("[data-server-hidden]").forEach(function (el) {
        el.hidden = el.getAttribute("data-server-hidden") === "1";
        el.removeAttribute("data-server-hidden");
      });
      root.removeAttribute("data-filled");
    },
  };

  // The hand form stays where it is on the screen when something appears,
  // grows or goes above it without a tap of this phone's (the connection
  // line, the hands not sent yet, the sheet scored on the phone, another
  // phone's hand): a thumb about to tap a chip must find that chip under it.
  // hold() notes where the form is, when it is on the screen; the function
  // it returns scrolls the page by as much as the form has moved since.
  function hold() {
    var form = document.getElementById("hand-form");
    var box = form && form.getBoundingClientRect();
    if (!box || box.bottom <= 0 || box.top >= window.innerHeight) return function () {};
    return function () {
      var now = document.getElementById("hand-form");
      var moved = now ? now.getBoundingClientRect().top - box.top : 0;
      if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    };
  }
  window.vinescoreHold = hold;
  window.vinescoreSteady = function (change) {
    var back = hold();
    var result = change();
    back();
    return result;
  };

  document.addEventListener("click", function (event) {
    var close = event.target.closest("[data-close-panel]");
    if (close) {
      var slot = close.closest(".rules-slot");
      if (slot) slot.innerHTML = "";
      return;
    }
    var move = event.target.closest("[data-move]");
    if (move) {
      var seat = move.closest(".seat");
      var list = Array.prototype.slice.call(seat.parentNode.querySelectorAll(".seat"));
      var i = list.indexOf(seat), j = i + parseInt(move.getAttribute("data-move"), 10);
      if (j < 0 || j >= list.length) return;
      ["select", "[data-new-name]"].forEach(function (what) {
        var a = seat.querySelector(what), b = list[j].querySelector(what);
        var swap = b.value; b.value = a.value; a.value = swap;
      });
      showSeating();
      return;
    }
    var chip = event.target.closest("[data-seat-player]");
    if (chip) {
      var form = chip.closest("form");
      var pk = chip.getAttribute("data-seat-player");
      var taken = seats(form).filter(function (s) { return s.select.value === pk; })[0];
      if (taken) {
        taken.select.value = "";
      } else {
        var free = firstFree(form);
        if (free) { free.select.value = pk; free.name.value = ""; }
      }
      showSeating();
      return;
    }
    if (event.target.closest("[data-seat-new]")) {
      seatNewPlayer(event.target.closest("form"));
    }
  });

  // Seating by tapping names in order: the chips fill the seat selects (and
  // a new player's name box), which are what the form sends.
  function seats(form) {
    return Array.prototype.map.call(form.querySelectorAll(".seat"), function (li) {
      return { li: li, select: li.querySelector("select"), name: li.querySelector("[data-new-name]") };
    });
  }

  function firstFree(form) {
    return seats(form).filter(function (s) { return !s.select.value && !s.name.value.trim(); })[0];
  }

  // Names compared as the server compares them (NFKC, then case folded), as
  // near as JavaScript comes: it has no case folding, so "Straße" and
  // "STRASSE" stay apart here. The server seats the known player anyway.
  function nameKey(name) {
    return name.normalize("NFKC").toLowerCase().normalize("NFKC");
  }

  function seatNewPlayer(form) {
    var input = form.querySelector("[data-new-player]");
    var name = input.value.trim().replace(/\s+/g, " ");
    var free = firstFree(form);
    if (!name || !free) return;
    var known = Array.prototype.filter.call(form.querySelectorAll("[data-seat-player]"), function (c) {
      return nameKey(c.textContent.trim()) === nameKey(name);
    })[0];
    if (known) {
      if (!seats(form).some(function (s) { return s.select.value === known.getAttribute("data-seat-player"); })) {
        free.select.value = known.getAttribute("data-seat-player");
      }
    } else {
      free.name.value = name;
    }
    input.value = "";
    input.focus();
    showSeating();
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.matches("[data-new-player]")) {
      event.preventDefault();
      seatNewPlayer(event.target.closest("form"));
    }
  });

  function showSeating() {
    document.querySelectorAll("[data-seating]").forEach(function (form) {
      var panel = form.querySelector("[data-tap-seating]");
      if (!panel) return;
      panel.hidden = false;
      var list = seats(form);
      list.forEach(function (s) { s.name.hidden = !s.name.value.trim() && !s.name.matches(":focus"); });
      form.querySelectorAll("[data-seat-player]").forEach(function (chip) {
        var at = -1;
        list.forEach(function (s, i) { if (s.select.value === chip.getAttribute("data-seat-player")) at = i; });
        chip.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
        if (at >= 0) { chip.setAttribute("data-seat-number", String(at + 1)); } else { chip.removeAttribute("data-seat-number"); }
      });
    });
    labelDealers();
  }

  // On the new-game form, the first-dealer choices show the seated names.
  function labelDealers() {
    document.querySelectorAll("[data-seating]").forEach(function (form) {
      form.querySelectorAll(".seat").forEach(function (seat) {
        var index = seat.getAttribute("data-seat");
        var select = seat.querySelector("select");
        var typed = seat.querySelector("[data-new-name]");
        var label = form.querySelector('[data-seat-label="' + index + '"]');
        if (!label) return;
        var name = select.value ? select.options[select.selectedIndex].text : (typed ? typed.value.trim() : "");
        label.textContent = name ? name : t("Seat {n}", { n: parseInt(index, 10) + 1 });
        label.parentNode.hidden = !name;
      });
    });
  }

  document.addEventListener("change", showSeating);
  document.addEventListener("input", function (event) {
    if (event.target.matches("[data-new-name]")) labelDealers();
  });

  function ready() { showSeating(); localTimes(document); measureBar(); }

  // The sheet's column names stick just under the "Hand N" bar, however
  // many lines it takes on this phone (--bar in vinescore.css). Set on the
  // root, which htmx never swaps: a style on #live would be copied onto the
  // next #live as an attribute, which the Content-Security-Policy refuses.
  function measureBar() {
    var bar = document.getElementById("next-hand");
    if (bar) document.documentElement.style.setProperty("--bar-measured", bar.offsetHeight + "px");
  }
  window.addEventListener("resize", measureBar);

  // Moments come in the server's zone (templatetags/moments.py); show them
  // in the phone's own.
  var MOMENTS = {
    date: { day: "numeric", month: "short", year: "numeric" },
    time: { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
  };
  function localTimes(root) {
    root.querySelectorAll("time[data-moment]").forEach(function (el) {
      var at = new Date(el.getAttribute("datetime"));
      var how = MOMENTS[el.getAttribute("data-moment")];
      if (!how || isNaN(at.getTime())) return;
      el.textContent = new Intl.DateTimeFormat(document.documentElement.lang || "en-GB", how).format(at);
    });
  }

  // After a hand is sent the page stays where it is: the totals, the hand
  // just scored and the next hand's form share one screen. The first fact
  // takes the focus (its box, not an input: no keyboard opens over the
  // chips). When it was refused, show the first message instead.
  // (What showed while it was being sent may have moved the page: it goes
  // back to where the thumb tapped Score.)
  var scoredFrom = null;
  document.addEventListener("submit", function (event) {
    if (event.target.matches && event.target.matches("form[data-outbox]")) scoredFrom = window.scrollY;
  }, true);
  window.vinescoreNextHand = function () {
    var from = scoredFrom;
    scoredFrom = null;
    var error = document.querySelector("#hand-form .error, #hand-form [data-moved]");
    if (error) { error.scrollIntoView({ block: "center" }); return; }
    var first = document.querySelector("#hand-form fieldset.fact:not([hidden])");
    if (!first || !document.getElementById("just-scored")) return;
    if (from !== null) window.scrollTo(0, from);
    // When the whole next hand fits under the totals, show it all from the top.
    var facts = document.querySelectorAll("#hand-form > fieldset.fact:not([hidden])");
    var bar = document.querySelector("#hand-form .sticky");
    var end = facts.length ? facts[facts.length - 1].getBoundingClientRect().bottom + window.scrollY : 0;
    if (end && end + (bar ? bar.offsetHeight : 0) <= window.innerHeight) window.scrollTo(0, 0);
    first.focus({ preventScroll: true });
    var top = document.getElementById("next-hand");
    if (first.getBoundingClientRect().top < (top ? top.getBoundingClientRect().bottom : 0)) {
      first.scrollIntoView({ block: "start" });
    }
  };
  // Last of all on the answer, in the task that put it in (the settle is
  // not delayed: base.html's htmx-config): after the outbox has listed or
  // taken off the hands not sent yet, and before the screen is drawn.
  document.addEventListener("htmx:afterOnLoad", function (event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb !== "post" || !document.getElementById("live")) return;
    window.vinescoreNextHand();
  });
  document.addEventListener("DOMContentLoaded", ready);
  document.addEventListener("htmx:afterSettle", ready);
  document.addEventListener("vinescore:live", ready);

  // Keep the screen awake on the score sheet, where the browser allows it.
  var lock = null;
  function keepAwake() {
    if (!document.body || !document.body.hasAttribute("data-keep-awake")) return;
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (l) { lock = l; }).catch(function () {});
  }
  document.addEventListener("DOMContentLoaded", keepAwake);
  document.addEventListener("visibilitychange", keepAwake);

  // "Keep this game on this phone": static/js/keep.js comes only to a phone
  // that keeps this game, has just started it, or taps the button.
  function keepScript(now) {
    var box = document.getElementById("keep");
    if (!box || !box.hasAttribute("data-keep-script")) return;
    if (now) box.setAttribute("data-keep-now", "");
    if (box.hasAttribute("data-keep-loading")) return;
    box.setAttribute("data-keep-loading", "");
    var script = document.createElement("script");
    script.src = box.getAttribute("data-keep-script");
    document.head.appendChild(script);
  }
  document.addEventListener("DOMContentLoaded", function () {
    var mine = "vinescore:kept:" + keeping.person() + ":", box = document.getElementById("keep");
    // Games kept by someone else on this phone (signed out, or another
    // person signed in) go, as their kept sheets do (sw.js).
    try {
      for (var i = window.localStorage.length - 1; keeping.person() && i >= 0; i--) {
        var key = window.localStorage.key(i);
        if (key.indexOf("vinescore:kept:") === 0 && key.indexOf(mine) !== 0) keeping.forget(key);
      }
    } catch (e) { /* no storage: nothing kept */ }
    if ((box && keeping.load(mine + box.getAttribute("data-sheet"), null)) || keeping.load("vinescore:keep-started", 0)) keepScript(false);
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-keep-button]")) keepScript(true);
  });
  document.addEventListener("submit", function (event) {
    if (event.target.matches && event.target.matches("form[data-keep-start]")) {
      keeping.store("vinescore:keep-started", Date.now());
    }
  });
})();

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
