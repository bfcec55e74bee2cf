// A button beside every link handed out: the share sheet, else the clipboard, else a copy
// by selecting (plain http has neither); what happened is said beside it.
(function () {
  "use strict";
  const { t, on } = window.vinescore;

  // How the link went: shared, copied, or selected for the phone's own Copy.
  async function passOn(input, title) {
    try {
      await navigator.share({ title, url: input.value });
      return t("Shared.");
    } catch (error) {
      if (error && error.name === "AbortError") return ""; // closed without sharing
    }
    try {
      await navigator.clipboard.writeText(input.value);
      return t("Copied");
    } catch (error) { /* not here: select and copy below */ }
    input.focus();
    input.select();
    input.setSelectionRange(0, input.value.length);
    try {
      if (document.execCommand("copy")) return t("Copied");
    } catch (error) { /* refused: the phone's own Copy */ }
    return t("Could not copy it here: the link is selected, so use your phone's own Copy.");
  }

  document.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-share-button]"), box = button?.closest("[data-share]");
    if (!box) return;
    const said = box.querySelector("[data-share-said]");
    said.textContent = "";
    said.textContent = await passOn(box.querySelector("[data-share-text]"), button.dataset.shareTitle);
  });
  // Panels swapped in by htmx (Other phones) bring their own buttons.
  on("DOMContentLoaded htmx:load", () =>
    document.querySelectorAll("[data-share-button]").forEach((button) => { button.hidden = false; }));
})();
