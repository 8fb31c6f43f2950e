// All page behaviour lives here: the CSP allows no inline script.
(function () {
  "use strict";

  // A QR login card opens /join#k=TOKEN. The fragment never reaches the server or its logs;
  // we take it out of the address bar and history at once, then post it (see pupil_login.py).
  function joinFromFragment() {
    var match = /^#k=([A-Za-z0-9_-]{10,80})$/.exec(window.location.hash);
    var form = document.getElementById("qr-join");
    if (!match || !form) return;
    history.replaceState(null, "", window.location.pathname);
    form.querySelector("input[name=token]").value = match[1];
    form.submit();
  }

  function wire(root) {
    root.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
      if (select.dataset.wired) return;
      select.dataset.wired = "1";
      select.addEventListener("change", function () {
        if (select.form.requestSubmit) select.form.requestSubmit(); else select.form.submit();
      });
    });
    root.querySelectorAll("[data-print]").forEach(function (button) {
      if (button.dataset.wired) return;
      button.dataset.wired = "1";
      button.addEventListener("click", function () { window.print(); });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    joinFromFragment();
    wire(document);
  });
  // Content swapped in by htmx needs the same wiring.
  document.addEventListener("htmx:load", function (event) { wire(event.target); });
})();
