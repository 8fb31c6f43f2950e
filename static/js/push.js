// The live channel (issue 36.1, docs/class-play.md "Push"): a class table, the lobby and the
// teacher's projector learn from a server-sent event stream that something changed, and only
// then ask the web app for their own view (the section's own hx-post/hx-get, fired by the
// "tweak:live" event). The stream says "table T is at version V" (and who is not there,
// "look") and nothing more; a table asks only when either is not what it shows.
//
// While the stream is down (a background tab on an iPad, a Wi-Fi drop, the push process
// restarting) the page falls back to the version poll of before, once a second, and opens
// the stream again after a growing, jittered wait, at once when the tab is visible or the
// network back. While the stream is open the page never says "I am here": the channel itself
// notes that the child whose tablet holds the table's stream is present; while it polls,
// each ask notes it, as before.
//
// A small script rather than the htmx SSE extension: the comparison with the version shown
// and the fallback to polling need code (htmx runs with allowEval off, so no trigger filters),
// and this is all of it.
(function () {
  "use strict";
  if (!window.EventSource) return;
  var POLL_MS = 1000, STALE_MS = 40000, MAX_WAIT_MS = 30000;
  // A browser test switches the fallback poll off (issue 46.7), so the channel must carry
  // everything; nothing in the app sets it.
  var POLL_OFF = window.tweakPollOff === true;
  var source = null, stream = null, live = false, failures = 0, retry = null;
  var lastMessage = 0;

  function target() { return document.querySelector("[data-push]"); }
  // htmx drops a trigger while the section's own request is in flight (a poll, say), and
  // that answer may predate the news: ask once more when it is back.
  var pending = false, announced = null;   // the newest version the stream announced for this table
  function ask(el) {
    if (el.classList.contains("htmx-request")) { pending = true; return; }
    pending = false;
    if (window.htmx) window.htmx.trigger(el, "tweak:live");
  }
  // What a stream subscribes to is its address less its ticket ("…/push/stream?for=table-5"):
  // a fresh ticket on the same page keeps the stream, a page that shows something else
  // (the lobby's class, then a table) gets its own.
  function withoutTicket(url) { return url ? url.replace(/([?&])t=[^&]*&?/, "$1").replace(/[?&]$/, "") : null; }

  function close() {
    live = false;
    if (source) { source.close(); source = null; }
  }

  function connect() {
    var el = target();
    if (!el) { close(); stream = null; return; }
    var url = el.getAttribute("data-push");
    if (source && withoutTicket(url) === stream) return;
    close();
    if (retry) { clearTimeout(retry); retry = null; }
    stream = withoutTicket(url);
    announced = null;
    source = new EventSource(url);
    source.addEventListener("hello", function () {
      live = true; failures = 0; lastMessage = Date.now();
      document.documentElement.setAttribute("data-live", "push");
    });
    source.addEventListener("ping", function () { lastMessage = Date.now(); });
    source.addEventListener("v", onEvent);
    source.onerror = function () { close(); later(); };
  }

  function later() {
    document.documentElement.setAttribute("data-live", "poll");
    if (retry) return;
    var wait = Math.min(MAX_WAIT_MS, 1000 * Math.pow(2, failures)) * (0.5 + Math.random());
    failures += 1;
    retry = setTimeout(function () { retry = null; connect(); }, wait);
  }

  function now() { failures = 0; if (retry) { clearTimeout(retry); retry = null; } connect(); }

  function onEvent(e) {
    lastMessage = Date.now();
    var el = target(), data;
    if (!el) return;
    try { data = JSON.parse(e.data); } catch (err) { return; }
    if (data.table !== undefined && typeof data.version === "number") announced = data.version;
    // Who is here ("look") is not a move, so it is not in the version: a board asks when
    // either differs from what it shows.
    if (data.table === undefined || data.due || data.version === null ||
        String(data.version) !== el.getAttribute("data-version") ||
        (data.look || "") !== (el.getAttribute("data-look") || "")) ask(el);
  }

  setInterval(function () {
    var el = target();
    if (!el) return;
    var t = Date.now();
    if (live && t - lastMessage > STALE_MS) { close(); later(); }   // a stream gone silent
    if (!live && !POLL_OFF) ask(el);
  }, POLL_MS);

  // A board asks whenever it is behind (issue 46.3): an ask made while its own request was on
  // its way (pending), or a version the stream announced that the board still does not show,
  // is asked again once that request is done and its answer swapped in. An answer's swap may
  // end after htmx:afterRequest (the section still busy then), so htmx:afterSettle looks too.
  function behind(el) {
    return announced !== null && Number(el.getAttribute("data-version")) < announced;
  }
  function again() {
    var el = target();
    if (el && (pending || behind(el))) ask(el);
  }
  function soon() { setTimeout(again, 0); }
  document.addEventListener("htmx:afterRequest", soon);
  document.addEventListener("htmx:afterSettle", soon);
  document.addEventListener("htmx:load", connect);
  document.addEventListener("DOMContentLoaded", connect);
  document.addEventListener("visibilitychange", function () { if (!document.hidden && !live) now(); });
  window.addEventListener("online", now);
  window.addEventListener("offline", function () { close(); later(); });
  window.addEventListener("pagehide", close);
})();
