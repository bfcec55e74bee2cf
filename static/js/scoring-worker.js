// The rules on the phone, for static/js/keep.js: Pyodide runs the server's
// own scoring package (zipped by vinescore.offline.bundle) in this worker,
// which only carries questions to vinescore.scoring.phone and answers back.
//   {type: "start", loader, indexURL, bundle, language} -> {type: "ready", ms, parts} | {type: "failed", message}
//   {id, call: "drawn" | "refusal", args} -> {id, result, ms} | {id, error}
"use strict";

var python = null;
var CALLS = { drawn: true, refusal: true };

function start(data) {
  var began = Date.now(), parts = {};
  return import(data.loader).then(function (module) { // Pyodide is an ES module
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
        // explanations and refusals in the page's language
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

self.onmessage = function (event) {
  var data = event.data || {};
  if (data.type === "start") {
    if (python) self.postMessage({ type: "ready", ms: 0 });
    else start(data).catch(function (error) { self.postMessage({ type: "failed", message: String(error && error.message || error) }); });
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
