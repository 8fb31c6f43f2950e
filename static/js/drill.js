// The puzzle screen (templates/practice/_puzzle.html) in the page: taps, the running sum,
// keys, the countdown and the times. The page works without this file (each tap is then a
// form post); with it, nothing goes to the server until the answer, which is posted once,
// with the attempt id the server issued, so a double tap or a resend cannot count twice.
//
// Times: t0 is the first animation frame after the puzzle is on the page, i.e. the frame in
// which the cards are drawn; every tap and the submission are measured from it with
// performance.now() (monotonic, unaffected by clock changes). The server also times the
// answer itself and does not trust these times blindly (trainer/puzzles/timing.py).
(function () {
  "use strict";

  var active = null;

  function closest(node, selector) {
    return node && node.closest ? node.closest(selector) : null;
  }

  // Translated patterns come from the page: "%(first)s plus %(value)s is %(total)s" and
  // "%(sum)s, plus %(value)s is %(total)s" (trainer/web/drills/sums.py words them the same way).
  function fill(pattern, values) {
    return pattern.replace(/%\((\w+)\)s/g, function (whole, name) {
      return name in values ? String(values[name]) : whole;
    });
  }

  function sumText(root, values) {
    if (!values.length) return "";
    if (values.length === 1) return String(values[0]);
    var total = values[0] + values[1];
    var text = fill(root.dataset.sumFirst, { first: values[0], value: values[1], total: total });
    for (var i = 2; i < values.length; i++) {
      total += values[i];
      text = fill(root.dataset.sumNext, { sum: text, value: values[i], total: total });
    }
    return text;
  }

  function cardButton(s, card) {
    return s.root.querySelector('button[data-card="' + card + '"]');
  }

  function valuesOf(s, cards) {
    return cards.map(function (card) { return Number(cardButton(s, card).dataset.value); });
  }

  function placeOf(s, card) {
    return cardButton(s, card).dataset.place;
  }

  function elapsed(s) {
    if (s.t0 === null) s.t0 = performance.now();
    return performance.now() - s.t0;
  }

  function log(s, action, input, extra) {
    var event = { ms: Math.round(elapsed(s)), action: action, input: input };
    for (var key in extra) event[key] = extra[key];
    s.events.push(event);
  }

  function say(s, name) {
    s.problem.textContent = name ? s.root.dataset[name] : "";
  }

  function smallCard(s, card) {
    var face = cardButton(s, card).querySelector(".card").cloneNode(true);
    face.classList.remove("card--selected");
    face.classList.add("card--small");
    var key = face.querySelector(".card-key");
    if (key) key.remove();
    return face;
  }

  function render(s) {
    var buttons = s.root.querySelectorAll("button[data-card]");
    for (var i = 0; i < buttons.length; i++) {
      var picked = s.cards.indexOf(buttons[i].dataset.card) >= 0;
      buttons[i].setAttribute("aria-pressed", picked ? "true" : "false");
      buttons[i].querySelector(".card").classList.toggle("card--selected", picked);
    }
    var deltas = s.root.querySelectorAll("button[data-delta]");
    for (var j = 0; j < deltas.length; j++) {
      deltas[j].setAttribute("aria-pressed", Number(deltas[j].dataset.delta) === s.delta ? "true" : "false");
    }
    s.target.textContent = String(Number(s.root.dataset.target) + (s.delta || 0));
    s.sum.textContent = sumText(s.root, valuesOf(s, s.cards));
    var line = s.root.querySelector("[data-number-line]");
    if (line && window.TweakNumberLine) {
      var total = valuesOf(s, s.cards).reduce(function (a, b) { return a + b; }, 0);
      window.TweakNumberLine.show(line, total, Number(s.root.dataset.target) + (s.delta || 0));
    }
    if (!s.list) return;
    s.list.textContent = "";
    s.combos.forEach(function (combo, index) {
      var cards = [combo.play].concat(combo.capture);
      var item = document.createElement("li");
      item.className = "call";
      var row = document.createElement("span");
      row.className = "call-cards";
      cards.forEach(function (card) { row.appendChild(smallCard(s, card)); });
      var text = document.createElement("span");
      text.className = "call-text";
      text.textContent = sumText(s.root, valuesOf(s, cards));
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "small";
      remove.dataset.remove = String(index);
      remove.textContent = s.root.dataset.msgRemove;
      item.appendChild(row);
      item.appendChild(text);
      item.appendChild(remove);
      s.list.appendChild(item);
    });
  }

  function tap(s, button, input) {
    var card = button.dataset.card;
    var at = s.cards.indexOf(card);
    if (at >= 0) {
      s.cards.splice(at, 1);
      log(s, "untap", input, { card: card });
    } else {
      // One card from the hand plays (R5.2): a second hand card takes the first one's place.
      if (button.dataset.place === "hand") {
        s.cards = s.cards.filter(function (c) { return placeOf(s, c) !== "hand"; });
      }
      s.cards.push(card);
      log(s, "tap", input, { card: card });
    }
    say(s, "");
    render(s);
  }

  function setDelta(s, delta, input) {
    s.delta = delta;
    log(s, "delta", input, { delta: delta });
    say(s, "");
    render(s);
  }

  function combination(s) {
    var hand = s.cards.filter(function (c) { return placeOf(s, c) === "hand"; });
    var table = s.cards.filter(function (c) { return placeOf(s, c) === "table"; });
    if (hand.length !== 1) return { problem: "msgNeedHand" };
    if (!table.length) return { problem: "msgNeedTable" };
    if (s.root.dataset.joker === "1" && s.delta === null) return { problem: "msgNeedDelta" };
    var combo = { play: hand[0], capture: table };
    if (s.delta) combo.delta = s.delta;
    return { combo: combo };
  }

  function sameCombo(a, b) {
    return a.play === b.play && (a.delta || 0) === (b.delta || 0) &&
      a.capture.slice().sort().join() === b.capture.slice().sort().join();
  }

  function add(s, input) {
    if (!s.cards.length) { say(s, "msgNoneYet"); return false; }
    var made = combination(s);
    if (made.problem) { say(s, made.problem); return false; }
    if (s.combos.some(function (c) { return sameCombo(c, made.combo); })) { say(s, "msgTwice"); return false; }
    s.combos.push(made.combo);
    s.combosMs.push(Math.round(elapsed(s)));
    log(s, "add", input, {});
    s.cards = [];
    say(s, "");
    render(s);
    return true;
  }

  function clear(s, input) {
    s.cards = [];
    log(s, "clear", input, {});
    say(s, "");
    render(s);
  }

  function removeCombo(s, index, input) {
    s.combos.splice(index, 1);
    s.combosMs.splice(index, 1);
    log(s, "remove", input, {});
    render(s);
  }

  function field(s, name, value) {
    var input = s.form.querySelector('[data-field="' + name + '"]');
    input.value = value;
    input.disabled = false;
  }

  // Fills the hidden fields for the answer; false when there is nothing to send yet.
  function finish(s, action, input, timeUp) {
    if (action === "done" && s.cards.length) {
      var made = combination(s);
      if (made.combo && !s.combos.some(function (c) { return sameCombo(c, made.combo); })) {
        s.combos.push(made.combo);
        s.combosMs.push(Math.round(elapsed(s)));
      } else if (made.problem && !timeUp) {
        say(s, made.problem);
        return false;
      }
    }
    if (action === "done" && !s.combos.length) {
      if (!timeUp) { say(s, "msgNoneYet"); return false; }
      action = "pass";
    }
    var combos = s.combos, times = s.combosMs;
    if (action === "none") {
      combos = combos.concat([{ none: true }]);
      times = times.concat([Math.round(elapsed(s))]);
    } else if (action === "pass") {
      combos = [];
      times = [];
    }
    log(s, action, input, {});
    field(s, "answer", JSON.stringify(combos));
    field(s, "answer_ms", JSON.stringify(times));
    field(s, "taps", JSON.stringify(s.events));
    field(s, "client_ms", String(Math.round(elapsed(s))));
    field(s, "final", action);
    if (timeUp) field(s, "time_up", "1");
    s.sent = true;
    s.root.classList.add("is-sending");
    return true;
  }

  function submit(s, action, input, timeUp) {
    if (s.sent || !finish(s, action, input, timeUp)) return;
    var button = s.form.querySelector('[data-action="' + action + '"]') ||
      s.form.querySelector('[data-action="pass"]');
    if (s.form.requestSubmit) s.form.requestSubmit(button); else s.form.submit();
  }

  function tick(s) {
    if (s.sent || !document.body.contains(s.root)) return;
    // A child with "no timer" (issue 49.3): nothing is sent at a limit, however long they take.
    if (s.untimed) return;
    var left = s.limit - elapsed(s);
    if (s.bar) s.bar.value = Math.max(0, left);
    if (left <= 0) {
      submit(s, "done", null, true);
      return;
    }
    requestAnimationFrame(function () { tick(s); });
  }

  function onClick(s, event) {
    var button = closest(event.target, "button");
    if (!button || !s.root.contains(button)) return;
    // A click with detail 0 came from the keyboard (Enter or Space on a focused button).
    var input = event.detail === 0 ? "keys" : (s.pointer || "mouse");
    if (s.sent) { event.preventDefault(); return; }
    var action = button.dataset.action;
    if (button.dataset.card) {
      event.preventDefault();
      tap(s, button, input);
    } else if (button.dataset.delta !== undefined) {
      event.preventDefault();
      setDelta(s, Number(button.dataset.delta), input);
    } else if (button.dataset.remove !== undefined) {
      event.preventDefault();
      removeCombo(s, Number(button.dataset.remove), input);
    } else if (action === "add") {
      event.preventDefault();
      add(s, input);
    } else if (action === "clear") {
      event.preventDefault();
      clear(s, input);
    } else if (action === "done" || action === "none" || action === "pass") {
      // Let the form submit (htmx posts it) once the answer is in the hidden fields.
      if (!finish(s, action, input, false)) event.preventDefault();
    }
  }

  function startPuzzle(root) {
    var s = {
      root: root, form: root.querySelector("form"), t0: null, limit: Number(root.dataset.limitMs),
      untimed: root.hasAttribute("data-untimed"),
      cards: [], delta: null, combos: [], combosMs: [], events: [], pointer: null, sent: false,
      bar: root.querySelector("[data-countdown]"), sum: root.querySelector("[data-sum]"),
      problem: root.querySelector("[data-problem]"), list: root.querySelector("[data-combos]"),
      target: root.querySelector("[data-target-value]")
    };
    var wrap = root.querySelector("[data-countdown-wrap]");
    if (wrap) wrap.hidden = false;
    root.addEventListener("pointerdown", function (event) {
      s.pointer = event.pointerType === "pen" ? "touch" : (event.pointerType || "mouse");
    }, true);
    root.addEventListener("click", function (event) { onClick(s, event); }, true);
    active = s;
    render(s);
    requestAnimationFrame(function (frameTime) {
      s.t0 = frameTime;
      tick(s);
    });
  }

  function isControl(node) {
    return !!closest(node, "button, a, input, select, textarea, summary");
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    // No key acts while the child types or chooses from a list (the language picker, issue 49).
    if (closest(event.target, "input:not([type=checkbox]):not([type=radio]), select, textarea")) return;
    var feedback = document.querySelector("[data-feedback]");
    if (feedback && event.key === "Enter" && !isControl(event.target)) {
      var next = feedback.querySelector("[data-next]");
      if (next) { event.preventDefault(); next.click(); }
      return;
    }
    var s = active;
    if (!s || s.sent || !document.body.contains(s.root)) return;
    var key = event.key;
    var single = s.root.dataset.single === "1";
    if (key === "Enter" && event.shiftKey && !single) {
      // "Find them all" is done (issue 49): Shift+Enter, also from a focused button.
      event.preventDefault();
      submit(s, "done", "keys", false);
    } else if (key === "Enter") {
      if (isControl(event.target)) return;   // Enter on a focused button presses that button
      event.preventDefault();
      if (single) submit(s, "done", "keys", false); else add(s, "keys");
    } else if (key === "Backspace" || key === "Delete") {
      event.preventDefault();
      clear(s, "keys");
    } else if (key === "?") {
      event.preventDefault();
      submit(s, "pass", "keys", false);
    } else if (s.root.dataset.joker === "1" && (key === "-" || key === "0" || key === "+" || key === "=")) {
      event.preventDefault();
      setDelta(s, key === "-" ? -1 : key === "0" ? 0 : 1, "keys");
    } else if (key.length === 1) {
      var upper = key.toUpperCase();
      if (upper === "N" && s.root.dataset.kind === "tweak") {
        event.preventDefault();
        submit(s, "none", "keys", false);
        return;
      }
      var button = s.root.querySelector('button[data-card][data-key="' + upper + '"]');
      if (button) {
        event.preventDefault();
        tap(s, button, "keys");
      }
    }
  });

  function scan() {
    var roots = document.querySelectorAll("[data-puzzle]:not([data-started]), [data-feedback]:not([data-started])");
    for (var i = 0; i < roots.length; i++) {
      var root = roots[i];
      root.dataset.started = "1";
      if (root.hasAttribute("data-puzzle")) startPuzzle(root);
      var heading = root.querySelector("h1");
      // A new screen arrived in place of the old one: take focus there, so a screen reader
      // reads it and the keyboard starts from it.
      if (heading && document.activeElement !== heading) heading.focus({ preventScroll: true });
    }
  }

  // The answer did not get through (network gone): let the pupil send it again — unless the
  // outbox (static/js/outbox.js) keeps it and sends it by itself. The attempt id makes a
  // second arrival harmless if the first one did reach the server after all.
  document.addEventListener("htmx:sendError", function () {
    var s = active;
    if (!s || !s.sent || !document.body.contains(s.root) || s.form.closest("[data-outbox]")) return;
    s.sent = false;
    s.root.classList.remove("is-sending");
  });

  document.addEventListener("htmx:load", scan);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
})();
