/* Reading aloud (issue 15.2): a speaker button beside an instruction, the running sum or the
   feedback reads it with the browser's speechSynthesis in the page's language. Only a voice
   on the device itself (localService) is used, so no text ever leaves the tablet; without
   one, no button shows. The pupil switches it on on their page (<main data-read-aloud>);
   pupil.css shows the buttons when <html> has .can-speak. */
(function () {
  "use strict";
  var synth = window.speechSynthesis;

  function pageLanguage() { return (document.documentElement.lang || "en").toLowerCase(); }

  function localVoice() {
    if (!synth || !window.SpeechSynthesisUtterance) return null;
    var lang = pageLanguage(), base = lang.split("-")[0], fallback = null;
    var voices = synth.getVoices() || [];
    for (var i = 0; i < voices.length; i++) {
      var v = voices[i], vl = String(v.lang || "").toLowerCase().replace("_", "-");
      if (!v.localService) continue;
      if (vl === lang) return v;
      if (!fallback && vl.split("-")[0] === base) fallback = v;
    }
    return fallback;
  }

  function markAbility() {
    document.documentElement.classList.toggle("can-speak", !!localVoice());
  }

  function say(text, button) {
    var voice = localVoice();
    if (!voice || !text) return;
    synth.cancel();
    var utterance = new window.SpeechSynthesisUtterance(text);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    utterance.rate = 0.9;
    if (button) {
      button.classList.add("is-speaking");
      utterance.onend = utterance.onerror = function () { button.classList.remove("is-speaking"); };
    }
    synth.speak(utterance);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-speak]");
    if (!button) return;
    var wrap = button.closest("[data-speak-wrap]");
    var source = wrap && wrap.querySelector("[data-speak-text]");
    say(source ? source.textContent.replace(/\s+/g, " ").trim() : "", button);
  });

  // A running sum marked [data-speak-auto] (the family table, issue 37.4) is read out as it
  // changes, when the pupil has read-aloud on: the tablet is shared, eyes are on the cards.
  document.addEventListener("htmx:afterSettle", function (event) {
    var main = document.querySelector("main[data-read-aloud]");
    if (!main || main.getAttribute("data-read-aloud") !== "on") return;
    var target = event.detail && event.detail.target;
    var source = target && target.querySelector && target.querySelector("[data-speak-auto]");
    if (source) say(source.textContent.replace(/\s+/g, " ").trim(), null);
  });

  markAbility();
  // Chromium fills the list of voices a moment after the page loads.
  if (synth && synth.addEventListener) synth.addEventListener("voiceschanged", markAbility);
})();
