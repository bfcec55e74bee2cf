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

  // Per-player numbers with a fixed total: show the one blank as worked out.
  function updateTotals(root) {
    root.querySelectorAll("[data-total]").forEach(function (group) {
      if (group.tagName === "SPAN") return;
      var total = parseInt(group.getAttribute("data-total"), 10);
      var inputs = group.querySelectorAll("input");
      var sum = 0, blanks = [];
      inputs.forEach(function (el) {
        el.classList.remove("derived");
        if (el.value === "") { blanks.push(el); } else { sum += parseInt(el.value, 10) || 0; }
      });
      inputs.forEach(function (el) { if (el.value === "") el.placeholder = "auto"; });
      if (blanks.length === 1) {
        blanks[0].placeholder = String(total - sum);
        blanks[0].classList.add("derived");
      }
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
      moved.textContent += " Check the hand you are entering before you score it.";
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
