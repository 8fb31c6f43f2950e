// The game board (issue 6): decision times, marking tapped cards, keeping keyboard focus.
// Listeners sit on the document, so boards that htmx swaps in work at once.
(function () {
  "use strict";

  // Decision time runs from the first frame that shows the pupil's board for a turn to the
  // move. The key names the turn, so taps and an action card do not restart it.
  var started = {};

  function armDecisionClock() {
    var board = document.querySelector("[data-decision]");
    if (!board) return;
    var key = board.getAttribute("data-decision");
    if (Object.prototype.hasOwnProperty.call(started, key)) return;
    started[key] = null;
    requestAnimationFrame(function () { started[key] = performance.now(); });
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    var timed = elt && elt.closest && (elt.matches("[data-timed]") || elt.querySelector("[data-timed]"));
    var board = elt && elt.closest && elt.closest("[data-decision]");
    if (!timed || !board) return;
    var start = started[board.getAttribute("data-decision")];
    if (typeof start === "number") {
      event.detail.parameters["decision_ms"] = String(Math.round(performance.now() - start));
    }
  });

  // The server keeps the selection; its answer to a tap says which cards are chosen.
  function mark(pick) {
    var table = pick.table || [];
    document.querySelectorAll("[data-pick-card]").forEach(function (button) {
      var card = button.getAttribute("data-pick-card");
      var chosen = card === pick.hand || table.indexOf(card) !== -1;
      button.setAttribute("aria-pressed", chosen ? "true" : "false");
    });
  }

  document.addEventListener("game-picked", function (event) { mark(event.detail || {}); });

  // A bot game's taps while the Wi-Fi is gone (issue 36.2): a tap is not kept to be sent again
  // (sent twice it would let the card go again), so the page chooses the card itself, as the
  // server would have (a hand card replaces the chosen one, a table card toggles), and the move
  // then carries the cards chosen (trainer.web.games.forms.posted_pick). The outbox keeps it.
  var TAP_TIMEOUT_MS = 5000;

  function isTap(elt) {
    return !!(elt && elt.matches && elt.closest("#game") && (elt.matches("button[data-pick-card]") || elt.matches("button[data-clear]")));
  }

  function shown() {
    var pick = { hand: null, table: [] };
    document.querySelectorAll("#game button[data-pick-card][aria-pressed=true]").forEach(function (button) {
      var card = button.getAttribute("data-pick-card");
      if (button.closest(".hand-cards")) pick.hand = card; else pick.table.push(card);
    });
    return pick;
  }

  function tappedHere(event) {
    var elt = event.detail.elt;
    if (!isTap(elt)) return;
    var pick = shown();
    var card = elt.getAttribute("data-pick-card");
    if (!card) {
      pick = { hand: null, table: [] };
    } else if (elt.closest(".hand-cards")) {
      pick.hand = pick.hand === card ? null : card;
    } else {
      var at = pick.table.indexOf(card);
      if (at === -1) pick.table.push(card); else pick.table.splice(at, 1);
    }
    mark(pick);
    var form = elt.closest("form");
    if (form) form.setAttribute("data-picked-here", "");
  }
  document.addEventListener("htmx:sendError", tappedHere);
  document.addEventListener("htmx:timeout", tappedHere);

  document.addEventListener("htmx:configRequest", function (event) {
    var elt = event.detail.elt;
    // A tap hanging in a drop must not hold up the ones behind it for long.
    if (isTap(elt) && !event.detail.timeout) event.detail.timeout = TAP_TIMEOUT_MS;
    var form = elt && elt.closest && elt.closest("form[data-picked-here]");
    if (!form || !elt.matches("[data-outbox][data-take], [data-outbox][data-timed]")) return;
    var pick = shown();
    var data = event.detail.formData;
    if (!data) return;
    if (pick.hand) data.set("hand", pick.hand);
    data.delete("take");
    pick.table.forEach(function (card) { data.append("take", card); });
    if (!pick.hand && !pick.table.length) data.set("hand", "");
  });

  // When the whole board is swapped, focus would fall back to the page: put it where the
  // next thing to do is, but only if it was on the board before, or nowhere (issue 49: a
  // keyboard child who has not tabbed yet lands on the board, not at the page's top).
  var focusWasOnBoard = false;
  var heldWithFocus = false;     // a move waits for the Wi-Fi on an inert board (outbox.js)
  document.addEventListener("htmx:beforeSwap", function (event) {
    var active = document.activeElement;
    focusWasOnBoard = !active || active === document.body ||
      !!(active.closest && active.closest("#game, #table"));
  });
  document.addEventListener("outbox:held", function (event) {
    heldWithFocus = event.target.contains(document.activeElement);
  });
  document.addEventListener("htmx:afterSettle", function () {
    armDecisionClock();
    if (!focusWasOnBoard && !heldWithFocus) return;
    focusWasOnBoard = heldWithFocus = false;
    // A bot game's board (#game) or a class table's (#table, issue 16): the same board.
    var game = document.getElementById("game") || document.getElementById("table");
    if (!game || game.contains(document.activeElement)) return;
    // With no card to choose (a classmate plays now), focus waits on the line saying who,
    // or on the magic number, never at the top of the page (issue 49).
    var next = game.querySelector("[data-focus]") || game.querySelector(".hand-cards button, .hand-cards input, .discard button") ||
      game.querySelector(".turn-line[tabindex]");
    if (next) next.focus();
  });

  // A class table's live region (issue 49): the board is swapped whole by its poll, so the
  // page says what is new on it. Each move (data-key) is said once, then whose turn it is or
  // how the round ended, when that changed. A table seen for the first time says only whose
  // turn it is: the child has the page itself to read.
  var said = { table: null, keys: {}, now: "" };

  function tellTable() {
    var say = document.querySelector("#table [data-live-say]");
    var live = document.getElementById("game-live");
    if (!say || !live) return;
    var table = say.getAttribute("data-live-say");
    var first = said.table !== table;
    if (first) said = { table: table, keys: {}, now: "" };
    var parts = [];
    say.querySelectorAll("[data-key]").forEach(function (item) {
      var key = item.getAttribute("data-key");
      if (said.keys[key]) return;
      said.keys[key] = true;
      if (!first) parts.push(item.textContent.trim());
    });
    var nowNode = say.querySelector("[data-now]");
    var now = nowNode ? nowNode.textContent.replace(/\s+/g, " ").trim() : "";
    if (now && now !== said.now) parts.push(now);
    said.now = now;
    if (parts.length) live.textContent = parts.join(" ");
  }
  document.addEventListener("htmx:afterSettle", tellTable);

  // The drill's letter keys (issue 15.7): A–L a table card, X–Z a hand card, Backspace starts
  // again, P puts the chosen hand card down (issue 49). Enter takes when the chosen cards make
  // the magic number, wherever the focus is on the board; until then Enter on a focused card
  // chooses it as usual, and Enter elsewhere on the board tries Take (the refusal says what is
  // missing). Enter on any other button presses that button. So a turn is the card's letters
  // and Enter, or a hand card's letter and P (docs/pupils.md). Only while the pupil decides,
  // and never while typing or when a modifier is held. A class table chooses with real
  // checkboxes and radio buttons (its cards are labels, data-pick-card): the keys work there
  // too, also while one of them has the focus.
  var TYPING = "input:not([type=checkbox]):not([type=radio]), select, textarea";

  function isControl(node) {
    return !!(node && node.closest && node.closest("button, a, select, textarea, summary, " + TYPING));
  }

  // A bot game's or family table's taps still on their way: what they choose is not yet known,
  // so an Enter pressed meanwhile waits for their answers. Counted from the click, since taps
  // queue on their form (hx-sync "queue all") before htmx sends them; htmx ends every request,
  // answered, failed or timed out, with htmx:afterRequest.
  var tapsOut = 0;
  var enterWaits = null;
  document.addEventListener("click", function (event) {
    var button = event.target && event.target.closest && event.target.closest("button");
    if (isTap(button) && !button.closest("[inert]")) tapsOut += 1;
  }, true);
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!isTap(event.detail.elt)) return;
    tapsOut = Math.max(0, tapsOut - 1);
    if (!tapsOut && enterWaits) enterNow();
  });

  function enterNow() {
    clearTimeout(enterWaits);
    enterWaits = null;
    // After the answer's swap, so the running sum it drew is the one read.
    setTimeout(function () { enterOn(liveBoard(), document.activeElement); }, 0);
  }

  function liveBoard() {
    // A board whose move waits for the Wi-Fi is inert (static/js/outbox.js): no second move.
    return document.querySelector("#game[data-decision]:not([inert]), #table[data-decision]:not([inert])");
  }

  // Do the chosen cards make the magic number? A tapping board's server says so in its running
  // sum (games/_pick_status.html); a class table's chosen cards are its own checked inputs.
  function makesTarget(board) {
    if (board.querySelector("#pick-status [data-makes-target]")) return true;
    var heading = board.querySelector("[data-target]");
    var hand = board.querySelector(".hand-cards input:checked");
    var taken = board.querySelectorAll(".table-cards input:checked");
    if (!heading || !hand || !taken.length) return false;
    var sum = 0;
    [hand].concat(Array.prototype.slice.call(taken)).forEach(function (input) {
      var value = input.closest("[data-pick-card]").querySelector(".card-value");
      sum += value ? parseInt(value.textContent, 10) : NaN;
    });
    return sum === parseInt(heading.getAttribute("data-target"), 10);
  }

  function enterOn(board, target) {
    if (!board) return;
    var card = target && target.closest && target.closest("[data-pick-card]");
    var take = board.querySelector("[data-take]");
    if (makesTarget(board) || !card) {
      if (take) take.click();
    } else {
      // A class table's card is a label round its input: the input toggles.
      var input = card.querySelector("input");
      (input || card).click();
    }
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    var board = liveBoard();
    if (!board) return;
    var target = event.target;
    if (target && target.closest && target.closest(TYPING)) return;
    var key = event.key;
    var button = null;
    if (key === "Enter") {
      if (isControl(target) && !target.closest("[data-pick-card]")) return;
      event.preventDefault();
      if (!tapsOut) enterOn(board, target);
      // A tap that never answers must not hold Enter for ever.
      else if (!enterWaits) enterWaits = setTimeout(function () { tapsOut = 0; enterNow(); }, TAP_TIMEOUT_MS + 1000);
      return;
    } else if (key === "Backspace" || key === "Delete") {
      button = board.querySelector("[data-clear]");
    } else if (key === "p" || key === "P") {
      button = board.querySelector("[data-put-down]");
    } else if (key.length === 1) {
      button = board.querySelector('[data-pick-card][data-key="' + key.toUpperCase() + '"]');
    }
    if (!button) return;
    event.preventDefault();
    button.click();
  });

  // "Read the table again" (issue 49): R, or its button, puts the board's own words for the
  // table (games/_table_say.html: the magic number, the cards, the hand, the others' hand
  // sizes) into the live region, at any moment of the game, with no request. Emptied first,
  // so the same words pressed twice are said twice.
  function readTable() {
    var say = document.querySelector("#game [data-table-say], #table [data-table-say]");
    var live = document.getElementById("game-live");
    if (!say || !live) return false;
    var text = say.textContent.replace(/\s+/g, " ").trim();
    live.textContent = "";
    setTimeout(function () { live.textContent = text; }, 50);
    return true;
  }
  document.addEventListener("click", function (event) {
    var button = event.target && event.target.closest && event.target.closest("[data-read-table]");
    if (button) readTable();
  });
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    if (event.key !== "r" && event.key !== "R") return;
    var target = event.target;
    if (target && target.closest && target.closest(TYPING)) return;
    if (readTable()) event.preventDefault();
  });

  function start() {
    armDecisionClock();
    tellTable();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
