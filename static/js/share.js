// A button beside every link handed out (table, spectator, invitation and
// short links): the phone's share sheet where it has one, else the
// clipboard, else a copy that works over plain http too (the async
// clipboard and the share sheet are only given to https pages). What
// happened is said in words beside the button.
(function () {
  "use strict";

  function words(text) { return window.vinescoreWords(text); }

  function showButtons(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("[data-share-button]")
      .forEach(function (button) { button.hidden = false; });
  }

  function copyBySelecting(input) {
    input.focus();
    input.select();
    input.setSelectionRange(0, input.value.length);
    try { return document.execCommand("copy"); } catch (error) { return false; }
  }

  async function share(button) {
    var box = button.closest("[data-share]");
    var input = box.querySelector("[data-share-text]");
    var said = box.querySelector("[data-share-said]");
    said.textContent = "";
    if (navigator.share) {
      try {
        await navigator.share({ title: button.dataset.shareTitle, url: input.value });
        said.textContent = words("Shared.");
        return;
      } catch (error) {
        if (error && error.name === "AbortError") return; // closed without sharing
      }
    }
    if (navigator.clipboard && window.isSecureContext) {
      try {
        await navigator.clipboard.writeText(input.value);
        said.textContent = words("Copied");
        return;
      } catch (error) { /* not allowed here: select and copy below */ }
    }
    said.textContent = copyBySelecting(input) ? words("Copied")
      : words("Could not copy it here: the link is selected, so use your phone's own Copy.");
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-share-button]");
    if (button) share(button);
  });
  document.addEventListener("DOMContentLoaded", function () { showButtons(document); });
  // Panels swapped in by htmx (Other phones) bring their own buttons.
  document.addEventListener("htmx:load", function (event) { showButtons(event.target); });
})();
