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
      try {
        var raw = window.localStorage.getItem(name);
        return raw ? JSON.parse(raw) : fallback;
      } catch (e) {
        return fallback;
      }
    },
    store: function (name, value) {
      try {
        window.localStorage.setItem(name, JSON.stringify(value));
        return true;
      } catch (e) {
        return false;
      }
    },
    forget: function (name) {
      try { window.localStorage.removeItem(name); } catch (e) { /* nothing kept */ }
    },
    person: function () {
      var el = document.querySelector("[data-offline-id]");
      return el ? el.getAttribute("data-offline-id") : "";
    },
  };

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
  window.vinescoreSteady = function (change) {
    var back = hold();
    var result = change();
    back();
    return result;
  };

  // Does the field `name` hold one of `allowed` (values as the template
  // writes them)? A field that is itself hidden holds nothing.
  function holds(form, name, allowed) {
    var controls = form.querySelectorAll('[name="' + name + '"]');
    var picked;
    if (controls.length === 1 && controls[0].type === "checkbox") {
      // A yes/no fact: its values are written True and False.
      picked = [controls[0].checked && !controls[0].disabled ? "True" : "False"];
    } else {
      picked = Array.prototype.filter.call(controls, function (el) {
        return !el.disabled && ((el.type !== "radio" && el.type !== "checkbox") || el.checked);
      }).map(function (el) { return el.value; });
    }
    var controller = form.querySelector('[data-field="' + name + '"]');
    return !(controller && controller.hidden) &&
      picked.some(function (v) { return allowed.indexOf(v) !== -1; });
  }

  // Fields that apply only for some values of another field (show_if), and
  // "More detail": opened by itself when the rules need a fact inside it
  // (needed_if), left out when nothing in it applies.
  function applyShowIf(root) {
    root.querySelectorAll("form").forEach(function (form) {
      form.querySelectorAll("[data-show-if]").forEach(function (box) {
        var on = holds(form, box.getAttribute("data-show-if"),
          box.getAttribute("data-show-values").split(" "));
        box.hidden = !on;
        box.querySelectorAll("input, select, textarea").forEach(function (el) { el.disabled = !on; });
      });
      form.querySelectorAll("[data-more]").forEach(function (more) {
        var facts = Array.prototype.filter.call(more.querySelectorAll("fieldset"), function (box) {
          return !box.hidden;
        });
        more.hidden = facts.length === 0;
        var needed = facts.some(function (box) {
          return box.hasAttribute("data-needed-if") && holds(form, box.getAttribute("data-needed-if"),
            box.getAttribute("data-needed-values").split(" "));
        });
        if (needed) more.open = true;
      });
    });
  }

  // Per-player numbers: the running sum and what is left, as you type. With a
  // fixed total the one blank left is shown as worked out (the server works
  // it out the same way when the form is sent as it is).
  function whole(text) {
    return /^[+-]?\d+$/.test(text.trim()) ? parseInt(text, 10) : null;
  }

  function updateTotals(root) {
    root.querySelectorAll("[data-sum-group]").forEach(function (group) {
      var total = group.hasAttribute("data-total") ? whole(group.getAttribute("data-total")) : null;
      var most = group.hasAttribute("data-most") ? whole(group.getAttribute("data-most")) : null;
      var line = group.parentNode.querySelector("[data-sum-line]");
      var sum = 0, blanks = [], unreadable = false;
      group.querySelectorAll(".stepper").forEach(function (stepper) {
        var input = stepper.querySelector("input");
        input.classList.remove("derived");
        if (total !== null) input.placeholder = t("auto");
        if (input.value.trim() === "") { blanks.push(stepper); return; }
        var n = whole(input.value);
        if (n === null) { unreadable = true; } else { sum += n; }
      });
      var text = "", over = false;
      if (total !== null) {
        var left = total - sum;
        var only = blanks.length === 1 ? blanks[0].querySelector("input") : null;
        var fits = only && left >= whole(only.min || "0") && left <= whole(only.max || "999");
        if (fits && !unreadable) {
          only.placeholder = String(left);
          only.classList.add("derived");
          var who = blanks[0].querySelector("label").textContent;
          text = t("{sum} of {total} so far · {who}: {left}, worked out", { sum: sum, total: total, who: who, left: left });
        } else if (left < 0) {
          text = t("{sum} of {total}: {over} too many", { sum: sum, total: total, over: -left });
          over = true;
        } else if (left === 0) {
          text = t("{total} of {total}: all there", { total: total });
        } else if (!blanks.length && !unreadable) {
          // Every box filled: it does not add up, said before the submit.
          text = t("{sum} of {total}: {left} missing", { sum: sum, total: total, left: left });
          over = true;
        } else {
          text = t("{sum} of {total} so far · {left} left", { sum: sum, total: total, left: left });
        }
      } else if (most !== null) {
        over = sum > most;
        text = over ? t("{sum} in all: at most {most}, {over} too many", { sum: sum, most: most, over: sum - most })
          : t("{sum} in all · at most {most}, {more} more possible", { sum: sum, most: most, more: most - sum });
      } else {
        text = t("{sum} in all", { sum: sum });
      }
      if (!line) return;
      line.hidden = unreadable;
      line.textContent = text;
      line.classList.toggle("over", over);
    });
  }

  document.addEventListener("click", function (event) {
    var step = event.target.closest("[data-step]");
    if (step) {
      var input = step.parentNode.querySelector("input");
      var min = parseInt(input.min || "0", 10), max = parseInt(input.max || "999", 10);
      var current = input.value === "" ? (parseInt(input.placeholder, 10) || 0) : parseInt(input.value, 10) || 0;
      var next = Math.min(max, Math.max(min, current + parseInt(step.getAttribute("data-step"), 10)));
      input.value = String(next);
      updateTotals(document);
      return;
    }
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

  document.addEventListener("change", function () { applyShowIf(document); showSeating(); });
  document.addEventListener("input", function (event) {
    updateTotals(document);
    if (event.target.matches("[data-new-name]")) labelDealers();
  });

  function ready() {
    applyShowIf(document); updateTotals(document); showSeating(); localTimes(document); measureBar();
  }

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

  // After a hand is sent, show the top of the sheet, where the hand just
  // scored is; when it was refused, show the first message instead.
  document.addEventListener("htmx:afterSettle", function (event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb !== "post" || !document.getElementById("live")) return;
    var error = document.querySelector("#hand-form .error");
    if (error) {
      error.scrollIntoView({ block: "center" });
    } else if (document.getElementById("just-scored")) {
      window.scrollTo(0, 0);
    }
  });
  document.addEventListener("DOMContentLoaded", ready);
  document.addEventListener("htmx:afterSettle", ready);

  // The live sheet (views.game_live): another phone's change arrives as a
  // new #live. A hand being typed in is kept, with the word that the sheet
  // moved on; a poll answered after a newer sheet arrived is dropped.
  document.addEventListener("input", markDirty);
  document.addEventListener("change", markDirty);
  function markDirty(event) {
    var form = event.target.closest && event.target.closest("#hand-form");
    if (form) form.setAttribute("data-dirty", "");
  }

  // Only a phone with a hand half typed is told what another phone did
  // meanwhile (views.live_sheet); an idle phone just shows the new sheet.
  document.addEventListener("htmx:configRequest", function (event) {
    if (!event.detail.elt.hasAttribute("data-live-poll")) return;
    if (document.querySelector("#hand-form[data-dirty]")) event.detail.headers["X-Hand-Typed"] = "true";
  });

  var pollHeld = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!source || !source.hasAttribute("data-live-poll") || !event.detail.shouldSwap) return;
    if (arrive(event.detail.serverResponse) !== "swap") event.detail.shouldSwap = false;
    else pollHeld = hold();
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (pollHeld && source && source.hasAttribute("data-live-poll")) pollHeld();
    pollHeld = null;
  });

  // A live part put in here rather than by htmx's swap: made live as htmx
  // would, and announced ("vinescore:live"), so that outbox.js draws the
  // hands not sent yet in it at once.
  function settled(fresh) {
    htmx.process(fresh);
    ready();
    fresh.dispatchEvent(new CustomEvent("vinescore:live", { bubbles: true }));
  }

  // A new live part, from the poll or the stream: "stale" when the phone
  // shows it or a newer one already, "kept" when it was put in around a
  // hand being typed, "swap" when it may simply replace the old one.
  function arrive(html) {
    var live = document.getElementById("live");
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
    if (!live || !fresh) return "stale";
    var shown = parseInt(live.getAttribute("data-version"), 10);
    if (parseInt(fresh.getAttribute("data-version"), 10) <= shown) return "stale";
    var typing = live.querySelector("#hand-form[data-dirty]");
    var slot = fresh.querySelector("#hand-form");
    if (!typing || !slot) return "swap";
    var back = hold(); // while the form being typed in is still on the page
    // What the server says moved on goes with the form being typed in.
    typing.querySelectorAll("[data-moved]").forEach(function (old) { old.remove(); });
    slot.querySelectorAll("[data-moved]").forEach(function (told) { typing.insertBefore(told, typing.querySelector(".actions")); });
    slot.replaceWith(document.adoptNode(typing));
    var moved = fresh.querySelector("[data-moved]");
    if (moved) {
      moved.textContent += " " + t("Check the hand you are entering before you score it, or") + " ";
      var discard = document.createElement("a");
      discard.href = window.location.pathname;
      discard.textContent = t("drop it and start afresh");
      moved.appendChild(discard);
      moved.appendChild(document.createTextNode("."));
    }
    live.replaceWith(fresh);
    back();
    settled(fresh);
    return "kept";
  }

  // The live part pushed (stream_views.py, #live-stream in game.html).
  // While the stream is open the poll asks nothing; when it drops, or never
  // opens, the poll carries on by itself while htmx's SSE extension tries
  // the stream again, waiting longer each time.
  var streaming = false;
  function isStream(event) { return event.target && event.target.id === "live-stream"; }
  document.addEventListener("htmx:sseOpen", function (event) { if (isStream(event)) streaming = true; });
  document.addEventListener("htmx:sseError", function (event) { if (isStream(event)) streaming = false; });
  document.addEventListener("htmx:sseClose", function (event) { if (isStream(event)) streaming = false; });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (streaming && elt && elt.hasAttribute("data-live-poll") && !elt.hasAttribute("data-catch-up")) {
      event.preventDefault();
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.hasAttribute("data-catch-up")) elt.removeAttribute("data-catch-up");
  });
  document.addEventListener("htmx:sseBeforeMessage", function (event) {
    if (!isStream(event)) return;
    event.preventDefault();  // put in here, as the poll's answer is
    var live = document.getElementById("live");
    if (live && live.querySelector("#hand-form[data-dirty]")) {
      // A hand half typed: ask once, as the poll does, to be told what moved on.
      var poll = live.querySelector("[data-live-poll]");
      if (poll) {
        poll.setAttribute("data-catch-up", "");
        htmx.trigger(poll, "catch-up");
      }
      return;
    }
    if (arrive(event.detail.data) === "swap") {
      var fresh = new DOMParser().parseFromString(event.detail.data, "text/html").getElementById("live");
      window.vinescoreSteady(function () { live.replaceWith(fresh); });
      settled(fresh);
    }
  });

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
    var box = document.getElementById("keep");
    var who = document.querySelector("[data-offline-id]");
    var name = "vinescore:kept:" + (who ? who.getAttribute("data-offline-id") : "") + ":" +
      (box ? box.getAttribute("data-sheet") : "");
    try {
      // Games kept by someone else on this phone (signed out, or another
      // person signed in) go, as their kept sheets do (sw.js).
      var mine = "vinescore:kept:" + (who ? who.getAttribute("data-offline-id") : "") + ":";
      for (var i = localStorage.length - 1; who && i >= 0; i--) {
        var key = localStorage.key(i);
        if (key.indexOf("vinescore:kept:") === 0 && key.indexOf(mine) !== 0) localStorage.removeItem(key);
      }
      if (localStorage.getItem(name) || localStorage.getItem("vinescore:keep-started")) keepScript(false);
    } catch (e) { /* no storage: nothing kept */ }
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-keep-button]")) keepScript(true);
  });
  document.addEventListener("submit", function (event) {
    if (event.target.matches && event.target.matches("form[data-keep-start]")) {
      try { localStorage.setItem("vinescore:keep-started", String(Date.now())); } catch (e) { /* none */ }
    }
  });
})();
