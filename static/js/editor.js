// The teacher's puzzle editor (templates/sets/_editor.html). A tapped card moves into the
// table or the hand (or back out) in the page itself, the hidden fields keep the cards in tap
// order, and an "editor-changed" event asks the server for the live answer (htmx). Without
// this script every card is a submit button and each tap posts the form.
(function () {
  "use strict";

  function fill(pattern, card) { return pattern.replace("%(card)s", card); }

  function placedInput(form, card) {
    return form.querySelector('#editor-state input[value="' + card + '"]');
  }

  function syncFocus(form) {
    var select = form.querySelector("select[name=focus]");
    if (!select) return;
    var chosen = select.value;
    var hand = Array.prototype.map.call(form.querySelectorAll('#editor-state input[name=hand]'),
                                        function (input) { return input.value; });
    while (select.options.length > 1) select.remove(1);
    hand.forEach(function (card) {
      var option = document.createElement("option");
      option.value = card;
      option.textContent = document.getElementById("pal-" + card).getAttribute("data-name");
      select.appendChild(option);
    });
    select.value = hand.indexOf(chosen) >= 0 ? chosen : "hand";
  }

  function toggle(form, card) {
    var source = document.getElementById("pal-" + card);
    if (!source) return;
    var name = source.getAttribute("data-name");
    var existing = placedInput(form, card);
    var placed = form.querySelector('[data-place] [data-tap="' + card + '"]');
    if (existing) {
      existing.remove();
      if (placed) {
        var hadFocus = document.activeElement === placed;
        placed.parentNode.remove();
        if (hadFocus) source.focus();     // the button is gone: keep the keyboard where it was
      }
      source.setAttribute("aria-pressed", "false");
      source.setAttribute("aria-label", name);
    } else {
      var checked = form.querySelector("input[name=place]:checked");
      var place = checked ? checked.value : "table";
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = place;
      input.value = card;
      form.querySelector("#editor-state").appendChild(input);
      var button = source.cloneNode(true);
      button.removeAttribute("id");
      button.removeAttribute("aria-pressed");
      button.setAttribute("aria-label", name);
      var item = document.createElement("li");
      item.appendChild(button);
      form.querySelector('[data-place="' + place + '"]').appendChild(item);
      source.setAttribute("aria-pressed", "true");
      source.setAttribute("aria-label", fill(form.getAttribute(place === "hand" ? "data-in-hand" : "data-on-table"), name));
    }
    syncFocus(form);
    if (window.htmx) window.htmx.trigger(form, "editor-changed");
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-tap]");
    var form = button && button.closest("form[data-editor]");
    if (!form) return;
    event.preventDefault();
    toggle(form, button.getAttribute("data-tap"));
  });

  function hideFallbacks() {
    Array.prototype.forEach.call(document.querySelectorAll("form[data-editor] [data-without-js]"),
                                 function (el) { el.hidden = true; });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hideFallbacks);
  else hideFallbacks();
  document.addEventListener("htmx:afterSettle", hideFallbacks);
})();
