// A button beside every link handed out: the phone's share sheet where it has one, else a copy of the
// link (the clipboard, or by selecting it: plain http has neither); what happened is said beside it.
(function () {
  "use strict";
  const { t, on } = window.vinescore;

  // How the link went: shared, copied, or selected for the phone's own Copy.
  async function passOn(link, title) {
    try {
      await navigator.share({ title, url: link.href });
      return t("Shared.");
    } catch (error) {
      if (error && error.name === "AbortError") return ""; // closed without sharing
    }
    try {
      await navigator.clipboard.writeText(link.href);
      return t("Copied");
    } catch (error) { /* not here: select and copy below */ }
    window.getSelection().selectAllChildren(link);
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
    said.textContent = await passOn(box.querySelector("[data-share-link]"), button.dataset.shareTitle);
  });
  // Panels swapped in by htmx (Other phones) bring their own buttons: Share, or Copy link without a share sheet.
  on("DOMContentLoaded htmx:load", () => document.querySelectorAll("[data-share-button]").forEach((button) => {
    if (!navigator.share) button.textContent = button.dataset.copyLabel;
    button.hidden = false;
  }));
})();
