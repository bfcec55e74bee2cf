// Progressive enhancement only: every form works without this file.
(function () {
  "use strict";

  // Fields that apply only for some values of another field (show_if).
  function applyShowIf(root) {
    root.querySelectorAll("form").forEach(function (form) {
      form.querySelectorAll("[data-show-if]").forEach(function (box) {
        var name = box.getAttribute("data-show-if");
        var allowed = box.getAttribute("data-show-values").split(" ");
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
        var on = !(controller && controller.hidden) &&
          picked.some(function (v) { return allowed.indexOf(v) !== -1; });
        box.hidden = !on;
        box.querySelectorAll("input, select, textarea").forEach(function (el) { el.disabled = !on; });
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
      var list = Array.prototype.slice.call(seat.parentNode.querySelectorAll(".seat select"));
      var here = seat.querySelector("select");
      var i = list.indexOf(here), j = i + parseInt(move.getAttribute("data-move"), 10);
      if (j < 0 || j >= list.length) return;
      var swap = list[j].value; list[j].value = here.value; here.value = swap;
      labelDealers();
    }
  });

  // On the new-game form, the first-dealer choices show the seated names.
  function labelDealers() {
    document.querySelectorAll("[data-seating]").forEach(function (form) {
      form.querySelectorAll(".seat").forEach(function (seat) {
        var index = seat.getAttribute("data-seat");
        var select = seat.querySelector("select");
        var label = form.querySelector('[data-seat-label="' + index + '"]');
        if (!label) return;
        var name = select.value ? select.options[select.selectedIndex].text : "";
        label.textContent = name ? name : "Seat " + (parseInt(index, 10) + 1);
        label.parentNode.hidden = !name;
      });
    });
  }

  document.addEventListener("change", function () { applyShowIf(document); labelDealers(); });
  document.addEventListener("input", function () { updateTotals(document); });

  function ready() { applyShowIf(document); updateTotals(document); labelDealers(); }

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
