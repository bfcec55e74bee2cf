// A button beside every link handed out: the share sheet, else the clipboard, else a copy
// by selecting (plain http has neither); what happened is said beside it.
(function () {
  "use strict";
  const { t } = window.vinescore;

  function copyBySelecting(input) {
    input.focus();
    input.select();
    input.setSelectionRange(0, input.value.length);
    try { return document.execCommand("copy"); } catch (error) { return false; }
  }

  async function share(button) {
    const box = button.closest("[data-share]"), input = box.querySelector("[data-share-text]");
    const said = box.querySelector("[data-share-said]");
    said.textContent = "";
    try {
      await navigator.share({ title: button.dataset.shareTitle, url: input.value });
      return (said.textContent = t("Shared."));
    } catch (error) {
      if (error && error.name === "AbortError") return; // closed without sharing
    }
    try {
      await navigator.clipboard.writeText(input.value);
      return (said.textContent = t("Copied"));
    } catch (error) { /* not here: select and copy below */ }
    said.textContent = copyBySelecting(input) ? t("Copied")
      : t("Could not copy it here: the link is selected, so use your phone's own Copy.");
  }
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-share-button]");
    if (button) share(button);
  });
  // Panels swapped in by htmx (Other phones) bring their own buttons.
  for (const name of ["DOMContentLoaded", "htmx:load"]) {
    document.addEventListener(name, () => document.querySelectorAll("[data-share-button]")
      .forEach((button) => { button.hidden = false; }));
  }
})();
