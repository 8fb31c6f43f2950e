// TWEAK Trainer's service worker (trainer/web/core/install.py says what it may keep, and why).
"use strict";
// ROOT is the school's path prefix ("" or "/oak"). Schools by path share one origin, so one
// Cache Storage: each worker names its caches after its prefix and deletes only its own.
var ROOT = {{ root|tojson }};
var CACHES = "tweak-static " + ROOT + " ";
var CACHE = CACHES + "{{ version }}";
var PRECACHE = {{ precache|tojson }};
var OFFLINE = {{ offline|tojson }};

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    // Without cookies: the offline page must be nobody's page.
    return cache.addAll(PRECACHE.concat([new Request(OFFLINE, {credentials: "omit"})]));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    // Ours from an older release, or from before caches were named by prefix.
    var old = names.filter(function (name) {
      return name !== CACHE && (name.indexOf(CACHES) === 0 || /^tweak-static-[0-9a-f]+$/.test(name));
    });
    return Promise.all(old.map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function isHashedStatic(url) {
  return url.origin === self.location.origin && url.pathname.indexOf(ROOT + "/static/") === 0 &&
    /^\/static\/.+\.[0-9a-f]{12}\.[A-Za-z0-9]+$/.test(url.pathname.slice(ROOT.length));
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (isHashedStatic(url)) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
      });
    }));
  } else if (request.mode === "navigate") {
    // Pages always come from the network; only when there is none, the offline page.
    event.respondWith(fetch(request).catch(function () { return caches.match(OFFLINE); }));
  }
});
