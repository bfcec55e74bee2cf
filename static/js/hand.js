// The hand form: the fields that apply, the running sums as they are typed,
// the steppers, and the draft of a hand half typed (kept per game and per
// phone until it is scored or dropped: a reload or a locked phone keep it).
(function () {
  "use strict";

  var t = window.vinescoreWords;
  var keeping = window.vinescoreStore;
  var OWN = { csrfmiddlewaretoken: true, version: true, key: true };

  function handForm() { return document.getElementById("hand-form"); }

  // Does the field `name` hold one of `allowed` (values as the template
  // writes them; a yes/no fact's are True and False)? A hidden field holds nothing.
  function holds(form, name, allowed) {
    var controls = form.querySelectorAll('[name="' + name + '"]');
    var picked = controls.length === 1 && controls[0].type === "checkbox"
      ? [controls[0].checked && !controls[0].disabled ? "True" : "False"]
      : Array.prototype.filter.call(controls, function (el) {
        return !el.disabled && ((el.type !== "radio" && el.type !== "checkbox") || el.checked);
      }).map(function (el) { return el.value; });
    var controller = form.querySelector('[data-field="' + name + '"]');
    return !(controller && controller.hidden) && picked.some(function (v) { return allowed.indexOf(v) !== -1; });
  }

  // Fields that apply only for some values of another (show_if), and "More
  // detail": opened when the rules need a fact in it, left out when none applies.
  function applyShowIf() {
    document.querySelectorAll("form").forEach(function (form) {
      form.querySelectorAll("[data-show-if]").forEach(function (box) {
        var on = holds(form, box.getAttribute("data-show-if"), box.getAttribute("data-show-values").split(" "));
        box.hidden = !on;
        box.querySelectorAll("input, select, textarea").forEach(function (el) { el.disabled = !on; });
      });
      form.querySelectorAll("[data-more]").forEach(function (more) {
        var facts = Array.prototype.filter.call(more.querySelectorAll("fieldset"), function (box) { return !box.hidden; });
        more.hidden = facts.length === 0;
        if (facts.some(function (box) {
          return box.hasAttribute("data-needed-if") &&
            holds(form, box.getAttribute("data-needed-if"), box.getAttribute("data-needed-values").split(" "));
        })) more.open = true;
      });
    });
  }

  // The running sum of per-player numbers and what is left. With a fixed
  // total the one blank left is shown worked out (as the server works it out).
  function whole(text) { return /^[+-]?\d+$/.test(text.trim()) ? parseInt(text, 10) : null; }

  function updateTotals() {
    document.querySelectorAll("[data-sum-group]").forEach(function (group) {
      var total = group.hasAttribute("data-total") ? whole(group.getAttribute("data-total")) : null;
      var most = group.hasAttribute("data-most") ? whole(group.getAttribute("data-most")) : null;
      var line = group.parentNode.querySelector("[data-sum-line]");
      var sum = 0, blanks = [], unreadable = false;
      group.querySelectorAll(".stepper").forEach(function (stepper) {
        var input = stepper.querySelector("input");
        input.classList.remove("derived");
        if (total !== null) input.placeholder = t("auto");
        if (input.value.trim() === "") blanks.push(stepper);
        else if (whole(input.value) === null) unreadable = true;
        else sum += whole(input.value);
      });
      var text, over = false, left = total - sum;
      if (total !== null) {
        var only = blanks.length === 1 ? blanks[0].querySelector("input") : null;
        if (only && !unreadable && left >= whole(only.min || "0") && left <= whole(only.max || "999")) {
          only.placeholder = String(left);
          only.classList.add("derived");
          text = t("{sum} of {total} so far · {who}: {left}, worked out",
            { sum: sum, total: total, who: blanks[0].querySelector("label").textContent, left: left });
        } else if (left < 0) {
          text = t("{sum} of {total}: {over} too many", { sum: sum, total: total, over: -left });
          over = true;
        } else if (left === 0) {
          text = t("{total} of {total}: all there", { total: total });
        } else if (!blanks.length) {
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

  // --- what was typed, and the draft of it ------------------------------------

  function typed(form) {
    var out = [];
    new FormData(form).forEach(function (value, name) {
      if (!OWN[name] && typeof value === "string") out.push([name, value]);
    });
    return out;
  }

  function fill(form, fields) {
    var values = {};
    fields.forEach(function (f) { (values[f[0]] = values[f[0]] || []).push(f[1]); });
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || OWN[el.name] || el.type === "submit" || el.type === "button" || el.type === "hidden") return;
      var given = values[el.name] || [];
      if (el.type === "radio" || el.type === "checkbox") el.checked = given.indexOf(el.value) !== -1;
      else el.value = given.length ? given.shift() : "";
    });
    changed(form);
  }

  function changed(form) {
    form.dispatchEvent(new Event("change", { bubbles: true }));
    form.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function draftName(form) { return "vinescore:draft:" + keeping.person() + ":" + form.getAttribute("action"); }
  function number() {
    var live = document.getElementById("live");
    return live ? parseInt(live.getAttribute("data-next-number"), 10) : null;
  }
  function saveDraft(form) { keeping.store(draftName(form), { fields: typed(form), number: number(), at: Date.now() }); }
  function clearDraft(form) {
    keeping.forget(draftName(form));
    var note = form.querySelector("[data-draft-note]");
    if (note) note.remove();
  }

  // The form emptied, after its hand went to the outbox or was dropped.
  function reset(form) {
    form.reset();
    changed(form);
    form.removeAttribute("data-dirty");
  }

  function restoreDraft() {
    var form = handForm();
    if (!form || form.querySelector(".error")) return;
    var draft = keeping.load(draftName(form), null);
    if (!draft || !draft.fields || !draft.fields.length) return;
    fill(form, draft.fields);
    form.setAttribute("data-dirty", "");
    var note = document.createElement("p");
    note.className = "notice draft-note";
    note.setAttribute("data-draft-note", "");
    note.textContent = (draft.number && number() && draft.number !== number()
      ? t("Kept on this phone: the hand you were typing, for hand {draft}; the sheet is at hand {number} now: check it.",
        { draft: draft.number, number: number() })
      : t("Kept on this phone: the hand you were typing.")) + " ";
    var drop = document.createElement("button");
    drop.type = "button";
    drop.className = "small";
    drop.setAttribute("data-drop-draft", "");
    drop.textContent = t("Start afresh");
    note.appendChild(drop);
    form.querySelector("h2").insertAdjacentElement("afterend", note);
  }

  function typing(event) {
    var form = event.target.closest && event.target.closest("#hand-form");
    if (!form) return;
    form.setAttribute("data-dirty", "");
    if (event.isTrusted) saveDraft(form);
  }
  ["input", "change"].forEach(function (name) { document.addEventListener(name, typing); });
  document.addEventListener("input", updateTotals);
  document.addEventListener("change", applyShowIf);
  document.addEventListener("click", function (event) {
    var step = event.target.closest && event.target.closest("[data-step]");
    if (step) {
      var input = step.parentNode.querySelector("input");
      var min = parseInt(input.min || "0", 10), max = parseInt(input.max || "999", 10);
      var current = input.value === "" ? (parseInt(input.placeholder, 10) || 0) : parseInt(input.value, 10) || 0;
      input.value = String(Math.min(max, Math.max(min, current + parseInt(step.getAttribute("data-step"), 10))));
      updateTotals();
      var stepped = step.closest("#hand-form");
      if (stepped) { stepped.setAttribute("data-dirty", ""); saveDraft(stepped); }
    }
    var form = handForm();
    var drop = event.target.closest && event.target.closest("[data-drop-draft]");
    // "drop it and start afresh" on the line that says the sheet moved on
    if (form && (drop || (event.target.closest && event.target.closest("[data-moved] a")))) {
      clearDraft(form);
      if (drop) reset(form);
    }
  });
  document.addEventListener("visibilitychange", function () {
    var form = handForm();
    if (document.visibilityState === "hidden" && form && form.hasAttribute("data-dirty")) saveDraft(form);
  });

  function ready() { applyShowIf(); updateTotals(); }
  document.addEventListener("DOMContentLoaded", function () { ready(); restoreDraft(); });
  document.addEventListener("htmx:afterSettle", ready);
  document.addEventListener("vinescore:live", ready);

  window.vinescoreHand = { typed: typed, fill: fill, reset: reset, saveDraft: saveDraft, clearDraft: clearDraft };
})();
