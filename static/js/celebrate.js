/* Issue 15: a short celebration on a right answer, at the end of the drill and on the home
   page (a new level, today's star). CSS does the moving (static/css/pupil.css) and
   prefers-reduced-motion turns it off. A sound only when the pupil switched sounds on
   (<main data-sounds="on">, the pupil's own switch on their page): a few notes made with WebAudio, no files. */
(function () {
  "use strict";
  var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var audio = null;

  function soundsOn() {
    // On <main>, not <body>: hx-boost swaps what is inside <body>, never its attributes.
    var main = document.getElementById("main");
    return !!main && main.dataset.sounds === "on";
  }

  function chime(notes) {
    if (!soundsOn()) return;
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try {
      audio = audio || new Ctx();
      if (audio.state === "suspended" && audio.resume) audio.resume();
      var start = audio.currentTime + 0.02;
      notes.forEach(function (freq, i) {
        var osc = audio.createOscillator(), gain = audio.createGain();
        osc.type = "triangle";
        osc.frequency.value = freq;
        var t = start + i * 0.11;
        gain.gain.setValueAtTime(0.0001, t);
        gain.gain.exponentialRampToValueAtTime(0.18, t + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.25);
        osc.connect(gain).connect(audio.destination);
        osc.start(t);
        osc.stop(t + 0.3);
      });
    } catch (e) { /* no sound is fine */ }
  }

  function burst(el) {
    if (still) return;
    el.classList.add("has-burst", "celebrate");
    // Fixed to the viewport at the element's middle: the flying stars never make the page
    // longer, so a screen that fits without scrolling still fits while they fly.
    var box = el.getBoundingClientRect();
    var span = document.createElement("span");
    span.className = "burst";
    span.setAttribute("aria-hidden", "true");
    span.style.left = (box.left + box.width / 2) + "px";
    span.style.top = (box.top + box.height / 2) + "px";
    for (var i = 0; i < 8; i++) span.appendChild(document.createElement("i"));
    document.body.appendChild(span);
    setTimeout(function () { span.remove(); el.classList.remove("celebrate"); }, 1200);
  }

  // What to celebrate, and with which notes: a right answer, a finished drill, the home page.
  var KINDS = [
    ["[data-celebrate=right], .feedback--right", [660, 880]],
    ["[data-celebrate=drill-done], .notice.done", [523, 659, 784, 1047]],
    ["[data-celebrate=level]", [523, 659, 784, 1047, 1319]],
    ["[data-celebrate=star]", [784, 1047]],
    ["[data-celebrate=match]", [523, 659, 784, 1047, 784, 1047]],
  ];
  // A live refresh replaces what it celebrated: a key (the projector's won table) is cheered once.
  var cheered = {};

  function look(root) {
    var played = false;
    KINDS.forEach(function (kind) {
      var found = (root.matches && root.matches(kind[0])) ? [root] : Array.prototype.slice.call(root.querySelectorAll(kind[0]));
      found.forEach(function (el) {
        if (el.dataset.celebrated) return;
        el.dataset.celebrated = "1";
        var key = el.dataset.celebrateKey;
        if (key) {
          if (cheered[key]) return;
          cheered[key] = true;
        }
        burst(el);
        if (!played) { chime(kind[1]); played = true; }
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () { look(document); });
  document.addEventListener("htmx:afterSettle", function (event) { look(event.target || document); });
})();
