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

  // Listeners sit on the document, not on elements: content that htmx swaps in works at
  // once, with nothing to re-attach.
  // The language picker (templates/_language_picker.html) changes the page only when asked:
  // Enter on it asks, as its Change button does. The new page is a whole new page, so the
  // focus would start at its top; the picker keeps it instead, for a keyboard child who goes
  // on from there. The note lives in this tab only, and only until the next page reads it.
  var PICKER_FOCUS = "tweak-focus-language";
  document.addEventListener("keydown", function (event) {
    var select = event.target.closest && event.target.closest(".language-picker select");
    if (!select || event.key !== "Enter") return;
    event.preventDefault();
    if (select.form.requestSubmit) select.form.requestSubmit(); else select.form.submit();
  });
  document.addEventListener("submit", function (event) {
    if (!event.target.matches(".language-picker")) return;
    try { sessionStorage.setItem(PICKER_FOCUS, "1"); } catch (error) { /* storage off: the focus starts at the top */ }
  });
  function focusThePicker() {
    var wanted = false;
    try { wanted = sessionStorage.getItem(PICKER_FOCUS); sessionStorage.removeItem(PICKER_FOCUS); } catch (error) { return; }
    var select = wanted && document.querySelector(".language-picker select");
    if (select) select.focus();
  }
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) window.print();
  });

  // A form marked data-newest-answer asks the server on every change (hx-sync "queue last"),
  // and the answer redraws some of its own inputs (Check our table's "tried" cards). An
  // answer to an older ask is not drawn: it would untick what the child tapped since. The
  // newest ask goes out when that answer is in, with everything tapped.
  function asked(event) {
    var form = event.target.closest && event.target.closest("form[data-newest-answer]");
    if (form) form.dataset.asks = String((Number(form.dataset.asks) || 0) + 1);
  }
  document.addEventListener("change", asked, true);        // before htmx's own listener sends
  document.addEventListener("editor-changed", asked, true);
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (!elt.matches || !elt.matches("form[data-newest-answer]")) return;
    event.detail.xhr.tweakForm = elt;
    event.detail.xhr.tweakAsk = elt.dataset.asks;
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.tweakForm && xhr.tweakAsk !== xhr.tweakForm.dataset.asks) event.detail.shouldSwap = false;
  });

  // A page being left asks nothing more of its own accord, and answers still on their way do
  // nothing: a bot game's next step, sent after "Log out" was answered but before the front
  // page came, was answered "log in again" (HX-Redirect to /join) and took the child there
  // instead. Only the page's own asks (polls, a bot's next step: no tap behind them) are held
  // back; a tap still goes out. Nothing is aborted (htmx reports an aborted request as an
  // error), and until the new page is in, the old one is still in the document, so its
  // answers pass htmx:beforeOnLoad here.
  var leaving = null;       // the link or form of a navigation under way
  function stillLeaving() {
    if (leaving && !document.documentElement.contains(leaving)) leaving = null;   // the new page is in
    return leaving;
  }
  function ownAccord(detail) {
    var cause = detail.requestConfig && detail.requestConfig.triggeringEvent;
    return !(cause && cause.isTrusted);
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var detail = event.detail;
    if (detail.boosted || (detail.requestConfig && detail.requestConfig.boosted)) leaving = detail.elt;
    else if (ownAccord(detail) && stillLeaving()) event.preventDefault();
  });
  document.addEventListener("htmx:beforeOnLoad", function (event) {
    if (stillLeaving() && event.detail.elt !== leaving) event.preventDefault();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    // An answer that sends the browser elsewhere ("Log out" -> the front page): the page
    // stays until the new one comes, and must do nothing more meanwhile.
    if (xhr && xhr.getResponseHeader && xhr.getResponseHeader("HX-Redirect")) leaving = event.detail.elt;
    else if (event.detail.elt === leaving) leaving = null;     // a navigation that failed: the page stays
  });

  // Installable on tablets; the worker keeps only static files and the offline page
  // (trainer/web/core/install.py). Its address and scope come from the page: under a school's
  // path prefix they are /oak/sw.js and /oak/, never the site's root.
  var worker = document.querySelector("meta[name=service-worker]");
  if (worker && "serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(worker.content, {scope: worker.dataset.scope}).catch(function () {});
  }

  // One switch (issue 49.2): its scanner (static/js/switch.js) comes only for a child whose
  // teacher set it, as <main> says; a click swaps <main> without loading the page (hx-boost),
  // so each swap looks again. Once here it stays, and stops by itself where <main> has no step.
  function loadTheSwitch() {
    var main = document.querySelector("main[data-switch-script]");
    if (!main || document.querySelector("script[data-switch]")) return;
    var script = document.createElement("script");
    script.src = main.getAttribute("data-switch-script");
    script.setAttribute("data-switch", "");
    document.head.appendChild(script);
  }
  document.addEventListener("htmx:afterSettle", loadTheSwitch);

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", joinFromFragment);
    document.addEventListener("DOMContentLoaded", focusThePicker);
    document.addEventListener("DOMContentLoaded", loadTheSwitch);
  } else {
    joinFromFragment();
    focusThePicker();
    loadTheSwitch();
  }
})();
