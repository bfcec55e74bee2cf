// The hand form: the facts that apply, the running sums, the steppers, and the
// draft of a hand half typed (kept per game and person until scored or dropped).
(function () {
  "use strict";
  const { t, store: keeping, make, button, on } = window.vinescore;
  const OWN = new Set(["csrfmiddlewaretoken", "version", "key"]);
  const handForm = () => document.getElementById("hand-form");
  const whole = (text) => (/^[+-]?\d+$/.test(text.trim()) ? parseInt(text, 10) : null);
  const number = () => parseInt((document.getElementById("live") || { dataset: {} }).dataset.nextNumber, 10);

  // Does the field hold one of `allowed` (a yes/no fact: True, False)? A hidden fact holds nothing.
  function holds(form, name, allowed) {
    const controls = Array.from(form.querySelectorAll('[name="' + name + '"]'));
    const picked = controls.length === 1 && controls[0].type === "checkbox"
      ? [controls[0].checked && !controls[0].disabled ? "True" : "False"]
      : controls.filter((el) => !el.disabled && (!/^(radio|checkbox)$/.test(el.type) || el.checked))
        .map((el) => el.value);
    const controller = form.querySelector('[data-field="' + name + '"]');
    return !(controller && controller.hidden) && picked.some((v) => allowed.includes(v));
  }

  // Facts shown only for some values of another; "More detail" opened when a fact in it is needed.
  function applyShowIf() {
    for (const form of document.querySelectorAll("form")) {
      for (const box of form.querySelectorAll("[data-show-if]")) {
        const on = holds(form, box.dataset.showIf, box.dataset.showValues.split(" "));
        box.hidden = !on;
        box.querySelectorAll("input, select, textarea").forEach((el) => { el.disabled = !on; });
      }
      for (const more of form.querySelectorAll("[data-more]")) {
        const facts = Array.from(more.querySelectorAll("fieldset")).filter((box) => !box.hidden);
        more.hidden = facts.length === 0;
        if (facts.some((box) => box.hasAttribute("data-needed-if") &&
            holds(form, box.dataset.neededIf, box.dataset.neededValues.split(" ")))) more.open = true;
      }
    }
  }

  // The running sum and what is left; with a fixed total the one blank left is worked out.
  function updateTotals() {
    for (const group of document.querySelectorAll("[data-sum-group]")) {
      const total = group.hasAttribute("data-total") ? whole(group.dataset.total) : null;
      const most = group.hasAttribute("data-most") ? whole(group.dataset.most) : null;
      const line = group.parentNode.querySelector("[data-sum-line]");
      let sum = 0, unreadable = false, blanks = [];
      for (const stepper of group.querySelectorAll(".stepper")) {
        const input = stepper.querySelector("input");
        input.classList.remove("derived");
        if (total !== null) input.placeholder = t("auto");
        if (input.value.trim() === "") blanks.push(stepper);
        else if (whole(input.value) === null) unreadable = true;
        else sum += whole(input.value);
      }
      const left = total - sum, only = blanks.length === 1 ? blanks[0].querySelector("input") : null;
      let text, over = false;
      if (total === null && most !== null) {
        over = sum > most;
        text = over ? t("{sum} in all: at most {most}, {over} too many", { sum, most, over: sum - most })
          : t("{sum} in all · at most {most}, {more} more possible", { sum, most, more: most - sum });
      } else if (total === null) {
        text = t("{sum} in all", { sum: sum });
      } else if (only && !unreadable && left >= whole(only.min || "0") && left <= whole(only.max || "999")) {
        only.placeholder = String(left);
        only.classList.add("derived");
        const who = blanks[0].dataset.player;
        text = t("{sum} of {total} so far · {who}: {left}, worked out", { sum, total, who, left });
      } else if (left <= 0 || !blanks.length) {
        // Every box filled and it does not add up: said before the submit.
        over = left !== 0;
        text = left < 0 ? t("{sum} of {total}: {over} too many", { sum: sum, total: total, over: -left })
          : left === 0 ? t("{total} of {total}: all there", { total: total })
          : t("{sum} of {total}: {left} missing", { sum: sum, total: total, left: left });
      } else {
        text = t("{sum} of {total} so far · {left} left", { sum: sum, total: total, left: left });
      }
      if (!line) continue;
      line.hidden = unreadable;
      line.textContent = text;
      line.classList.toggle("over", over);
    }
  }

  const typed = (form) => Array.from(new FormData(form))
    .filter(([name, value]) => !OWN.has(name) && typeof value === "string");

  const changed = (form) =>
    ["change", "input"].forEach((name) => form.dispatchEvent(new Event(name, { bubbles: true })));

  function fill(form, fields) {
    const values = {};
    fields.forEach(([name, value]) => (values[name] = values[name] || []).push(value));
    for (const el of form.elements) {
      if (!el.name || OWN.has(el.name) || /^(submit|button|hidden)$/.test(el.type)) continue;
      const given = values[el.name] || [];
      if (el.type === "radio" || el.type === "checkbox") el.checked = given.includes(el.value);
      else el.value = given.length ? given.shift() : "";
    }
    changed(form);
  }
  const draftName = (form) => "vinescore:draft:" + keeping.person() + ":" + form.getAttribute("action");
  const saveDraft = (form) => keeping.store(draftName(form), { fields: typed(form), number: number() });
  function clearDraft(form) {
    keeping.forget(draftName(form));
    form.querySelector("[data-draft-note]")?.remove();
  }

  // A hand half typed that is kept (in the form, and as its draft).
  function keep(form, save = true) {
    if (!form) return;
    form.setAttribute("data-dirty", "");
    if (save) saveDraft(form);
  }

  // The form emptied, after its hand went to the outbox or was dropped.
  function reset(form) {
    form.reset();
    changed(form);
    form.removeAttribute("data-dirty");
  }

  function restoreDraft() {
    const form = handForm(), draft = form && keeping.load(draftName(form), null);
    if (!draft || !draft.fields || !draft.fields.length || form.querySelector(".error")) return;
    fill(form, draft.fields);
    keep(form, false);
    const note = make("p", { className: "notice draft-note" }, { "data-draft-note": "" });
    note.textContent = (draft.number && number() && draft.number !== number()
      ? t("Kept on this phone: the hand you were typing, for hand {draft}; the sheet is at hand {number} now: " +
        "check it.", { draft: draft.number, number: number() })
      : t("Kept on this phone: the hand you were typing.")) + " ";
    note.append(button(t("Start afresh"), { "data-drop-draft": "" }));
    form.querySelector("h2").insertAdjacentElement("afterend", note);
  }

  const typing = (event) => keep(event.target.closest("#hand-form"), event.isTrusted);
  on("input change", typing);
  document.addEventListener("input", updateTotals);
  document.addEventListener("change", applyShowIf);
  document.addEventListener("click", (event) => {
    const step = event.target.closest("[data-step]"), form = handForm();
    if (step) {
      const input = step.parentNode.querySelector("input");
      const min = parseInt(input.min || "0", 10), max = parseInt(input.max || "999", 10);
      const current = parseInt(input.value === "" ? input.placeholder : input.value, 10) || 0;
      input.value = String(Math.min(max, Math.max(min, current + parseInt(step.dataset.step, 10))));
      updateTotals();
      typing({ target: step, isTrusted: true });
    }
    // "Start afresh", or "Drop it" on the line that says the sheet moved on.
    const drop = event.target.closest("[data-drop-draft]");
    if (form && (drop || event.target.closest("[data-moved] a"))) {
      clearDraft(form);
      if (drop) reset(form);
    }
  });
  document.addEventListener("visibilitychange", () => {
    const form = handForm();
    if (document.visibilityState === "hidden" && form && form.hasAttribute("data-dirty")) saveDraft(form);
  });

  document.addEventListener("DOMContentLoaded", restoreDraft);
  on("DOMContentLoaded htmx:afterSettle vinescore:live", () => {
    applyShowIf();
    updateTotals();
  });
  window.vinescore.hand = { typed, fill, reset, keep, clearDraft };
})();
