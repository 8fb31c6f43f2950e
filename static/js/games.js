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
  document.addEventListener("game-picked", function (event) {
    var pick = event.detail || {};
    var table = pick.table || [];
    document.querySelectorAll("[data-pick-card]").forEach(function (button) {
      var card = button.getAttribute("data-pick-card");
      var chosen = card === pick.hand || table.indexOf(card) !== -1;
      button.setAttribute("aria-pressed", chosen ? "true" : "false");
    });
  });

  // When the whole board is swapped, focus would fall back to the page: put it where the
  // next thing to do is, but only if it was on the board before.
  var focusWasOnBoard = false;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var active = document.activeElement;
    focusWasOnBoard = !!(active && active.closest && active.closest("#game, #table"));
  });
  document.addEventListener("htmx:afterSettle", function () {
    armDecisionClock();
    if (!focusWasOnBoard) return;
    focusWasOnBoard = false;
    // A bot game's board (#game) or a class table's (#table, issue 16): the same board.
    var game = document.getElementById("game") || document.getElementById("table");
    if (!game || game.contains(document.activeElement)) return;
    var next = game.querySelector("[data-focus]") || game.querySelector(".hand-cards button, .hand-cards input, .discard button");
    if (next) next.focus();
  });

  // The drill's letter keys (issue 15.7): A–L a table card, X–Z a hand card, Enter takes,
  // Backspace starts again. Only while the pupil decides, and never while typing or when a
  // modifier is held; Enter on a focused button presses that button as usual. A class table
  // chooses with real checkboxes and radio buttons (its cards are labels, data-pick-card):
  // the keys work there too, also while one of them has the focus.
  var TYPING = "input:not([type=checkbox]):not([type=radio]), select, textarea";

  function isControl(node) {
    return !!(node && node.closest && node.closest("button, a, select, textarea, summary, " + TYPING));
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    var board = document.querySelector("#game[data-decision], #table[data-decision]");
    if (!board) return;
    var target = event.target;
    if (target && target.closest && target.closest(TYPING)) return;
    var key = event.key;
    var button = null;
    if (key === "Enter") {
      if (isControl(target)) return;
      button = board.querySelector("[data-take]");
    } else if (key === "Backspace" || key === "Delete") {
      button = board.querySelector("[data-clear]");
    } else if (key.length === 1) {
      button = board.querySelector('[data-pick-card][data-key="' + key.toUpperCase() + '"]');
    }
    if (!button) return;
    event.preventDefault();
    button.click();
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", armDecisionClock);
  } else {
    armDecisionClock();
  }
})();
