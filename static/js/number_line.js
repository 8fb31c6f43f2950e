// The number line (templates/cards/_number_line.html, issue 49.4): its mark follows the running
// sum of the chosen cards as the child chooses them. A drill's puzzle chooses in the page and
// asks for it (static/js/drill.js: TweakNumberLine.show); a board's chosen cards are marked
// aria-pressed (a bot game's and the family table's, from the server's answer to each tap) or
// are checked inputs (a class table's), so the line is drawn again after each.
(function () {
  "use strict";

  function show(line, sum, target) {
    var steps = line.querySelectorAll(".number-line-step");
    for (var n = 0; n < steps.length; n++) {
      steps[n].hidden = n > target;
      steps[n].classList.toggle("number-line-step--reached", n <= sum);
      steps[n].classList.toggle("number-line-step--here", n === sum);
    }
    line.classList.toggle("number-line--over", sum > target);
    line.querySelector("[data-number-line-words]").textContent = line.dataset.words
      .replace("%(sum)s", String(sum)).replace("%(target)s", String(target));
  }

  function onTheBoard() {
    var line = document.querySelector("#game [data-number-line], #table [data-number-line]");
    if (!line) return;
    var board = line.closest("#game, #table");
    var heading = board.querySelector("#target-heading[data-target]");
    if (!heading) return;
    var chosen = board.querySelectorAll('[data-pick-card][aria-pressed="true"], [data-pick-card] input:checked');
    var sum = 0;
    for (var i = 0; i < chosen.length; i++) {
      var value = chosen[i].closest("[data-pick-card]").querySelector(".card-value");
      if (value) sum += parseInt(value.textContent, 10);
    }
    show(line, sum, parseInt(heading.getAttribute("data-target"), 10));
  }

  // After the other scripts have marked the cards from the same event.
  function soon() { setTimeout(onTheBoard, 0); }
  document.addEventListener("change", soon);
  document.addEventListener("click", soon);
  document.addEventListener("game-picked", soon);
  document.addEventListener("reset", soon);
  document.addEventListener("htmx:afterSettle", soon);

  window.TweakNumberLine = { show: show };
})();
