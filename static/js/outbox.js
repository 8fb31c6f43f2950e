// The outbox: answers and game moves that must survive a school Wi-Fi drop (issue 18).
//
// A form or button inside [data-outbox] is posted by htmx as usual. When that post cannot get
// through — no network, a timeout, a 5xx from the proxy — the request is kept on the device
// (localStorage, so a reload does not lose it), the child sees a calm "Saving…" instead of an
// error, and it is sent again with backoff until the server acknowledges it. Each resend says
// how long the device held it (queued_ms), so the server judges the answer at the moment the
// child gave it (trainer/practice/flow.py). The server's attempt id (or the game's state
// version) makes every resend safe: what already arrived is never counted twice.
//
// The server is the judge of what still counts (issue 38.4–5): an answer held longer than a
// Wi-Fi drop, or from an earlier school day, is answered with HX-Redirect; once the queue is
// empty the page loads the server's screen, where one calm line says those answers did not
// count. A puzzle handed out ahead is shown only while an answer to it could still count
// (data-keep-ms); an older one is dropped and the child waits on "Saving…" as when none is left.
//
// Game moves (issue 36.2: data-outbox="move" on the forms and buttons of a bot game's board and a
// class table's) go the same way. The board waits, calm and still (inert: no second move on the
// same turn), under "Waiting for the Wi-Fi…" until the move gets through; the game's version
// and the page's token (a class table's version in the move's key) make a resend safe: a move
// already applied is answered with the board as it is now. The server's answer is drawn where
// it says (HX-Retarget), as htmx would have drawn it.
//
// Kept only until acknowledged; never a page, never anything but what the child just sent.
(function () {
  "use strict";

  var KEY = "tweak-outbox";
  var BACKOFF_MS = [1000, 2000, 4000, 8000, 15000];
  var SEND_TIMEOUT_MS = 10000;
  var sending = false;
  var live = {};                 // id -> {target, swap} for items this page can still show
  var reloadTo = null;           // the server said: what this page holds is out of date

  function load() {
    try { return JSON.parse(window.localStorage.getItem(KEY)) || []; } catch (e) { return []; }
  }

  function save(items) {
    try {
      if (items.length) window.localStorage.setItem(KEY, JSON.stringify(items));
      else window.localStorage.removeItem(KEY);
    } catch (e) { /* private mode or full: the item stays in memory for this page */ }
  }

  var memory = null;             // when localStorage refuses, the queue lives here
  function queue() { return memory || load(); }
  function store(items) {
    save(items);
    memory = load().length === items.length ? null : items;
  }

  function status(state) {
    var box = document.querySelector("[data-outbox-status]");
    if (!box) return;
    if (state === "saving" && queue().some(function (item) { return item.kind === "move"; })) state = "waiting";
    box.hidden = !state;
    box.textContent = state ? box.dataset[state] || box.dataset.saving : "";
    document.documentElement.classList.toggle("is-saving", state === "saving" || state === "waiting");
  }

  // A board whose move is held: the child sees it as it was, and cannot move twice on it.
  function hold(board) {
    if (!board) return;
    // Said first, while the focus is still where the child left it (games.js puts it back).
    board.dispatchEvent(new CustomEvent("outbox:held", { bubbles: true }));
    board.classList.add("is-held");
    board.setAttribute("inert", "");
    board.setAttribute("aria-busy", "true");
  }

  function release() {
    var boards = document.querySelectorAll(".game.is-held");
    for (var i = 0; i < boards.length; i++) {
      boards[i].classList.remove("is-held");
      boards[i].removeAttribute("inert");
      boards[i].removeAttribute("aria-busy");
    }
  }

  function outboxOf(elt) {
    return elt && elt.closest ? elt.closest("[data-outbox]") : null;
  }

  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; }
    catch (e) { return ""; }
  }

  // The reply is drawn the way htmx would have drawn it: the form's own hx-swap.
  function swapStyle(elt) {
    var declared = elt && elt.closest ? elt.closest("[hx-swap]") : null;
    return declared ? declared.getAttribute("hx-swap") : window.htmx.config.defaultSwapStyle;
  }

  function keep(detail) {
    var config = detail.requestConfig || {};
    var body = new URLSearchParams();
    if (config.formData) config.formData.forEach(function (value, name) {
      if (typeof value === "string") body.append(name, value);
    });
    // An answer's attempt id names it (the same answer kept twice is one); a move is its own.
    var id = body.get("attempt") || String(Date.now()) + Math.random();
    var items = queue().filter(function (item) { return item.id !== id; });
    var target = detail.target || (detail.requestConfig && detail.requestConfig.target);
    var move = outboxOf(detail.elt).getAttribute("data-outbox") === "move";
    items.push({
      id: id,
      kind: move ? "move" : "answer",
      url: config.path || (detail.pathInfo && detail.pathInfo.requestPath),
      body: body.toString(),
      target: target && target.id ? "#" + target.id : null,
      swap: swapStyle(detail.elt),
      heldSince: Date.now(),
      page: window.location.pathname
    });
    store(items);
    if (!showAhead(detail.elt) && target) live[id] = target;
    if (move) hold(detail.elt.closest(".game"));
    status("saving");
    flush(0);
  }

  // With the answer kept, the child goes on with the next puzzle the server handed out ahead
  // (trainer/web/drills/ahead.py), if there is one. Its answer reports how long the puzzle
  // waited on the device before it was shown, so its time is the child's time.
  function showAhead(elt) {
    var box = elt && elt.closest ? elt.closest("[data-ahead-box]") : null;
    var next = box ? box.querySelector(":scope > template[data-ahead]") : null;
    if (!next) return false;
    var current = null;
    for (var child = box.firstElementChild; child; child = child.nextElementSibling) {
      if (child.tagName !== "TEMPLATE") { current = child; break; }
    }
    if (!current || !window.htmx) return false;
    var receivedAt = Number(next.dataset.receivedAt) || Date.now();
    if (Date.now() - receivedAt > Number(next.dataset.keepMs)) {
      // Too old to count (the tablet slept, or the drop outlasted it): the later ones are older.
      var stale = box.querySelectorAll(":scope > template[data-ahead]");
      for (var i = 0; i < stale.length; i++) stale[i].remove();
      return false;
    }
    var fresh = next.content.firstElementChild;
    next.remove();
    live = {};                   // the page has moved on: no old answer's reply is drawn
    current.replaceWith(fresh);
    window.htmx.process(fresh);
    window.htmx.trigger(fresh, "htmx:load");     // static/js/drill.js starts the puzzle on it
    var held = box.querySelector("[data-held-before]");
    if (held) held.value = String(Date.now() - receivedAt);
    return true;
  }

  function stamp(root) {
    var templates = (root || document).querySelectorAll("template[data-ahead]:not([data-received-at])");
    for (var i = 0; i < templates.length; i++) templates[i].dataset.receivedAt = String(Date.now());
  }

  function send(item) {
    var body = new URLSearchParams(item.body);
    var before = Number(body.get("queued_ms")) || 0;
    body.set("queued_ms", String(before + Math.max(0, Date.now() - item.heldSince)));
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? setTimeout(function () { controller.abort(); }, SEND_TIMEOUT_MS) : null;
    var headers = { "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": csrfToken(),
                    "HX-Request": "true" };
    if (item.target) headers["HX-Target"] = item.target.slice(1);
    return fetch(item.url, {
      method: "POST", body: body.toString(), headers: headers, credentials: "same-origin",
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      if (timer) clearTimeout(timer);
      if (response.status >= 500) throw new Error("server " + response.status);
      var redirect = response.headers.get("HX-Redirect");
      var retarget = response.headers.get("HX-Retarget");
      var reswap = response.headers.get("HX-Reswap");
      return response.text().then(function (html) {
        return { status: response.status, html: html, redirect: redirect, retarget: retarget, reswap: reswap };
      });
    }, function (err) { if (timer) clearTimeout(timer); throw err; });
  }

  // Sends the queue in order, one at a time: the ratings move as if each had arrived on time.
  function flush(attempt) {
    if (sending) return;
    var items = queue();
    if (!items.length) { status(null); return; }
    sending = true;
    var item = items[0];
    send(item).then(function (answer) {
      sending = false;
      store(queue().filter(function (other) { return other.id !== item.id; }));
      var target = live[item.id];
      delete live[item.id];
      if (answer.redirect) reloadTo = answer.redirect;
      if (reloadTo) {
        if (queue().length) { flush(0); return; }
        window.location.assign(reloadTo);
        return;
      }
      if (answer.retarget && document.querySelector(answer.retarget)) {
        target = document.querySelector(answer.retarget);
      }
      if (item.kind === "move") release();
      if (target && document.body.contains(target) && window.htmx) {
        draw(target, answer.html, answer.reswap || item.swap);
      } else if (!queue().length && !document.querySelector("[data-puzzle]:not(.is-sending)")) {
        // The screen was drawn before these arrived and the child is not in the middle of a
        // puzzle: draw it again from the server.
        window.location.reload();
        return;
      }
      if (queue().length) flush(0); else saved();
    }, function () {
      sending = false;
      setTimeout(function () { flush(attempt + 1); }, BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]);
    });
  }

  // A swap given with a modifier, as "<style> show:window:top": the style, then the scroll.
  function draw(target, html, swap) {
    var words = String(swap || "").split(/\s+/);
    window.htmx.swap(target, html, { swapStyle: words[0] || window.htmx.config.defaultSwapStyle });
    if (words.indexOf("show:window:top") !== -1) window.scrollTo(0, 0);
  }

  function failed(event) {
    if (!outboxOf(event.detail.elt)) return;
    keep(event.detail);
  }

  document.addEventListener("htmx:configRequest", function (event) {
    // A drop can leave a request hanging rather than failing: give up on it in time.
    if (outboxOf(event.detail.elt) && !event.detail.timeout) event.detail.timeout = SEND_TIMEOUT_MS;
  });
  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  document.addEventListener("htmx:beforeSwap", function (event) {
    // The proxy's 502/503 page must not replace the puzzle: keep the answer instead.
    var xhr = event.detail.xhr;
    if (!outboxOf(event.detail.elt) || !xhr || xhr.status < 500) return;
    event.detail.shouldSwap = false;
    keep(event.detail);
  });
  window.addEventListener("online", function () { flush(0); });
  document.addEventListener("htmx:load", function (event) { stamp(event.target); });

  function saved() {
    status("saved");
    setTimeout(function () { if (!queue().length) status(null); }, 2500);
  }

  function start() {
    stamp(document);
    var here = queue().some(function (item) { return item.kind === "move" && item.page === window.location.pathname; });
    if (here) hold(document.querySelector(".game"));
    if (queue().length) { status("saving"); flush(0); }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
