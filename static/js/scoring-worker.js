// The rules of vinescore on the phone: Pyodide runs the server's own scoring
// package (vinescore/scoring, zipped for the phones by
// vinescore.offline.bundle) in this worker, for static/js/keep.js. There is
// no second copy of any rule here: this file only carries the page's
// questions to vinescore.scoring.phone and its answers back.
//
//   {type: "start", loader, indexURL, bundle, language}   -> {type: "ready", ms} or {type: "failed", message}
//     (language: the page's lang; explanations and refusals come in its words)
//   {id, call: "drawn", args: [record, queued]} -> {id, result} or {id, error}
//   {id, call: "refusal", args: [record, queued, pairs]}
"use strict";

var python = null;

// A module worker (Pyodide is an ES module).
function start(data) {
  var began = Date.now();
  var parts = {};
  return import(data.loader).then(function (module) {
    parts.loader = Date.now() - began;
    return module.loadPyodide({ indexURL: data.indexURL });
  }).then(function (pyodide) {
    parts.python = Date.now() - began;
    return fetch(data.bundle, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error("the scoring package could not be fetched (" + response.status + ")");
      return response.arrayBuffer();
    }).then(function (zipped) {
      var home = "/home/pyodide/vinescore-phone";
      pyodide.unpackArchive(zipped, "zip", { extractDir: home });
      python = pyodide.runPython([
        "import json, sys",
        "sys.path.insert(0, " + JSON.stringify(home) + ")",
        "from vinescore.scoring import phone",
        "phone.use_language(" + JSON.stringify(String(data.language || "")) + ")",
        "def call(name, args):",
        "    return json.dumps(getattr(phone, name)(*json.loads(args)))",
        "call",
      ].join("\n"));
      parts.rules = Date.now() - began;
      self.postMessage({ type: "ready", ms: Date.now() - began, parts: parts });
    });
  });
}

var CALLS = { drawn: true, refusal: true };

self.onmessage = function (event) {
  var data = event.data || {};
  if (data.type === "start") {
    if (python) {
      self.postMessage({ type: "ready", ms: 0 });
      return;
    }
    start(data).catch(function (error) {
      self.postMessage({ type: "failed", message: String(error && error.message || error) });
    });
    return;
  }
  if (!CALLS[data.call] || !python) {
    self.postMessage({ id: data.id, error: "not ready" });
    return;
  }
  var began = performance.now();
  try {
    var result = JSON.parse(python(data.call, JSON.stringify(data.args)));
    self.postMessage({ id: data.id, result: result, ms: performance.now() - began });
  } catch (error) {
    self.postMessage({ id: data.id, error: String(error && error.message || error) });
  }
};
