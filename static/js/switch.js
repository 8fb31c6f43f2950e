// One switch (issue 49.2), for a child whose teacher set it on "What <name> needs": the page
// lights its choices one after another, each for the step (1–5 s, <main data-switch-step>),
// and one key chooses the lit one: Space or Enter, what a switch interface sends. The light is
// the real focus, so the focus ring and a screen reader follow it. app.js fetches this file
// only for such a child; it stops by itself on a page without the setting.
//
// The order (docs/pupils.md, "One switch"): the hand's cards, the table's cards, then the
// buttons of the move (Take, Put down, Check, Add, Done, Next, ...), then every other button
// and link of the page, each group in reading order; then round again. After a choice the light
// stays one step more (a second press meanwhile does nothing: a switch may bounce), then goes
// on: to Take (Check, Add) when the chosen cards make the magic number, else after a hand card
// to the table's first card, after a table card to the one after it, else from the start.
(function () {
  "use strict";

  var CANDIDATES = "button, a[href], input[type=checkbox], input[type=radio], summary";
  var TYPING = "input:not([type=checkbox]):not([type=radio]), select, textarea";
  var MOVE = "[data-take], [data-put-down], [data-action], [data-delta], [data-clear], [data-next], [data-focus], " +
    ".replay-bar a, .action-button";
  var CONFIRM = "[data-take], [data-action=add], [data-action=done]";
  var BUSY_MS = 10000;   // an answer that never comes holds the light no longer than this

  var lit = null;        // the control with the light
  var timer = null;
  var resting = false;
  var choosing = false;  // while the lit control is pressed: the requests it starts are its answer
  var answers = 0;       // those still on their way

  function main() {
    return document.querySelector("main[data-switch-step]");
  }

  function stepMs() {
    var seconds = parseFloat(main().getAttribute("data-switch-step"));
    return isFinite(seconds) && seconds > 0 ? seconds * 1000 : 2000;
  }

  function card(el) {
    return el.closest(".card-button");
  }

  function place(el) {
    if (!card(el)) return "other";
    return el.closest(".hand-cards, [data-place=hand]") ? "hand" : "table";
  }

  function rank(el) {
    var where = place(el);
    if (where === "hand") return 0;
    if (where === "table") return 1;
    return el.matches(MOVE) ? 2 : 3;
  }

  // A choice on the screen: not inside a closed <details> ("Yes, stop this game" waits behind
  // its summary), nor hidden, disabled or on an inert board (a move waiting for the Wi-Fi).
  function usable(el) {
    var shut = el.closest("details:not([open])");
    if (shut && !(el.matches("summary") && el.parentElement === shut)) return false;
    if (el.disabled || el.getAttribute("tabindex") === "-1" || el.closest("[inert], [hidden]")) return false;
    if (el.checkVisibility) return el.checkVisibility({ visibilityProperty: true });
    return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  }

  // The choices in scanning order: by group, then as they stand in the page.
  function items() {
    var root = main();
    if (!root) return [];
    var found = Array.prototype.filter.call(root.querySelectorAll(CANDIDATES), usable);
    return found.map(function (el, at) { return { el: el, rank: rank(el), at: at }; })
      .sort(function (a, b) { return a.rank - b.rank || a.at - b.at; })
      .map(function (item) { return item.el; });
  }

  // What names a control across a redraw of the board (a swap puts new elements in its place).
  function sign(el) {
    var holder = el.closest("[data-pick-card]");
    if (holder) return place(el) + ":" + holder.getAttribute("data-pick-card");
    if (el.dataset.card) return place(el) + ":" + el.dataset.card;
    return el.tagName + ":" + (el.getAttribute("name") || "") + ":" + (el.getAttribute("value") || "") + ":" +
      el.textContent.replace(/\s+/g, " ").trim();
  }

  function find(list, signature) {
    for (var i = 0; i < list.length; i++) if (sign(list[i]) === signature) return i;
    return -1;
  }

  function light(el) {
    var before = document.querySelectorAll(".switch-lit");
    for (var i = 0; i < before.length; i++) before[i].classList.remove("switch-lit");
    lit = el || null;
    if (!lit) return;
    // A class table's card is a label round a hidden input: the ring goes round the card.
    (lit.closest("[data-pick-card]") || lit).classList.add("switch-lit");
    if (document.activeElement !== lit) lit.focus({ focusVisible: true });
  }

  function schedule(ms) {
    clearTimeout(timer);
    timer = setTimeout(tick, ms === undefined ? stepMs() : ms);
  }

  function startItem(list) {
    // The page's own "next thing to do" (Skip, Play again, Next round), else the first choice.
    for (var i = 0; i < list.length; i++) if (list[i].matches("[data-focus]")) return list[i];
    return list[0];
  }

  function tick() {
    timer = null;
    if (!main()) { stop(); return; }
    var list = items();
    var at = lit ? list.indexOf(lit) : -1;
    if (lit && at === -1) at = find(list, sign(lit));
    light(at === -1 ? startItem(list) : list[(at + 1) % list.length]);
    schedule();
  }

  function stop() {
    clearTimeout(timer);
    timer = null;
    resting = false;
    light(null);
  }

  // Do the chosen cards make the magic number? A bot game's server says so in its running sum
  // (games/_pick_status.html); a drill's and a class table's chosen cards are in the page.
  function valueOf(el) {
    if (el.dataset.value) return Number(el.dataset.value);
    var face = el.closest("[data-pick-card]");
    var value = face && face.querySelector(".card-value");
    return value ? parseInt(value.textContent, 10) : NaN;
  }

  function ready(root) {
    if (root.querySelector("#pick-status [data-makes-target]")) return true;
    var puzzle = root.querySelector("[data-puzzle]");
    var chosen, target;
    if (puzzle) {
      if (puzzle.dataset.joker === "1" && !puzzle.querySelector("[data-delta][aria-pressed=true]")) return false;
      chosen = puzzle.querySelectorAll("button[data-card][aria-pressed=true]");
      target = puzzle.querySelector("[data-target-value]");
      target = target && Number(target.textContent);
    } else {
      chosen = root.querySelectorAll("#table [data-pick-card] input:checked");
      target = root.querySelector("#table [data-target]");
      target = target && Number(target.getAttribute("data-target"));
    }
    var hand = 0, table = 0, sum = 0;
    Array.prototype.forEach.call(chosen, function (el) {
      if (place(el) === "hand") hand += 1; else table += 1;
      sum += valueOf(el);
    });
    return hand === 1 && table > 0 && sum === target;
  }

  function resumeItem(list, chosen) {
    var i;
    if (ready(main())) {
      for (i = 0; i < list.length; i++) if (list[i].matches(CONFIRM)) return list[i];
    }
    if (chosen.place === "hand") {
      for (i = 0; i < list.length; i++) if (place(list[i]) === "table") return list[i];
    }
    if (chosen.place === "table") {
      i = find(list, chosen.sign);
      if (i !== -1) return list[(i + 1) % list.length];
    }
    return startItem(list);
  }

  function endRest(chosen, since) {
    if (!main()) { stop(); return; }
    // The choice's answer (a tap's running sum) comes first: it says where to go on. A class
    // table's polls are not waited for.
    if (answers > 0 && Date.now() - since < BUSY_MS) {
      timer = setTimeout(function () { endRest(chosen, since); }, 100);
      return;
    }
    resting = false;
    light(resumeItem(items(), chosen));
    schedule();
  }

  function choose() {
    if (!lit || !lit.isConnected || resting) return;
    var chosen = { place: place(lit), sign: sign(lit) };
    resting = true;
    clearTimeout(timer);
    choosing = true;
    try { lit.click(); } finally { choosing = false; }
    timer = setTimeout(function () { endRest(chosen, Date.now()); }, stepMs());
  }

  function isSwitchKey(event) {
    return (event.key === " " || event.key === "Enter") && !event.ctrlKey && !event.metaKey && !event.altKey &&
      !(event.target && event.target.closest && event.target.closest(TYPING)) && !!main();
  }

  // Before the page's own keys (games.js, drill.js): with the switch, Enter and Space only choose
  // the lit control, and nothing else hears them (a button's own Space would press it twice).
  window.addEventListener("keydown", function (event) {
    if (!isSwitchKey(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!event.repeat) choose();
  }, true);
  window.addEventListener("keyup", function (event) {
    if (!isSwitchKey(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);

  document.addEventListener("htmx:beforeSend", function (event) {
    if (!choosing || !event.detail.xhr) return;
    event.detail.xhr.switchAnswer = true;
    answers += 1;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.xhr && event.detail.xhr.switchAnswer) answers = Math.max(0, answers - 1);
  });

  // A swapped board, a new page (hx-boost), a board the live channel redrew: the light stays
  // on the same choice if it is still there, else starts again. A choice that brought a new
  // screen (Take, Check, Next) ends its rest there: the new screen's first choice gets a whole
  // step, and a press on it counts.
  document.addEventListener("htmx:afterSettle", function () {
    if (!main()) { stop(); return; }
    if (resting && lit && lit.isConnected) return;
    var restEnded = resting;
    resting = false;
    if (lit && lit.isConnected) {
      if (document.activeElement !== lit) lit.focus({ focusVisible: true });
      if (!timer) schedule();
      return;
    }
    var list = items();
    var at = lit ? find(list, sign(lit)) : -1;
    if (at !== -1) {
      light(list[at]);
      if (restEnded || !timer) schedule();
    } else {
      light(startItem(list));
      schedule();
    }
  });

  if (main()) {
    light(startItem(items()));
    schedule();
  }
})();
