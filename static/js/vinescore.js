// Progressive enhancement only: every form works without this file.
(function () {
  "use strict";

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
        if (total !== null) input.placeholder = "auto";
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
          text = sum + " of " + total + " so far · " + who + ": " + left + ", worked out";
        } else if (left < 0) {
          text = sum + " of " + total + ": " + (-left) + " too many";
          over = true;
        } else if (left === 0) {
          text = total + " of " + total + ": all there";
        } else {
          text = sum + " of " + total + " so far · " + left + " left";
        }
      } else if (most !== null) {
        over = sum > most;
        text = sum + " in all" + (over ? ": at most " + most + ", " + (sum - most) + " too many"
                                      : " · at most " + most + ", " + (most - sum) + " more possible");
      } else {
        text = sum + " in all";
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

  function seatNewPlayer(form) {
    var input = form.querySelector("[data-new-player]");
    var name = input.value.trim().replace(/\s+/g, " ");
    var free = firstFree(form);
    if (!name || !free) return;
    var known = Array.prototype.filter.call(form.querySelectorAll("[data-seat-player]"), function (c) {
      return c.textContent.trim().toLowerCase() === name.toLowerCase();
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
        label.textContent = name ? name : "Seat " + (parseInt(index, 10) + 1);
        label.parentNode.hidden = !name;
      });
    });
  }

  document.addEventListener("change", function () { applyShowIf(document); showSeating(); });
  document.addEventListener("input", function (event) {
    updateTotals(document);
    if (event.target.matches("[data-new-name]")) labelDealers();
  });

  function ready() { applyShowIf(document); updateTotals(document); showSeating(); }

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

  document.addEventListener("htmx:beforeSwap", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!source || !source.hasAttribute("data-live-poll") || !event.detail.shouldSwap) return;
    var live = document.getElementById("live");
    var fresh = new DOMParser().parseFromString(event.detail.serverResponse, "text/html")
      .getElementById("live");
    if (!live || !fresh) return;
    var shown = parseInt(live.getAttribute("data-version"), 10);
    if (parseInt(fresh.getAttribute("data-version"), 10) <= shown) {
      event.detail.shouldSwap = false;
      return;
    }
    var typing = live.querySelector("#hand-form[data-dirty]");
    var slot = fresh.querySelector("#hand-form");
    if (!typing || !slot) return;
    event.detail.shouldSwap = false;
    slot.replaceWith(document.adoptNode(typing));
    var moved = fresh.querySelector("[data-moved]");
    if (moved) {
      moved.textContent += " Check the hand you are entering before you score it, or ";
      var discard = document.createElement("a");
      discard.href = window.location.pathname;
      discard.textContent = "drop it and start afresh";
      moved.appendChild(discard);
      moved.appendChild(document.createTextNode("."));
    }
    live.replaceWith(fresh);
    htmx.process(fresh);
    ready();
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
})();
