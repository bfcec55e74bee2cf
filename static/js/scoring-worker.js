// The rules on the phone, for keep.js: Pyodide runs the server's own scoring package
// (vinescore.offline.bundle); questions go to vinescore.scoring.phone and answers back.
//   {type: "start", loader, indexURL, bundle, language} -> {type: "ready", ms, parts} | {type: "failed"}
//   {call: "drawn" | "refusal", args} + a port -> {result, ms} | {error}, on the port
"use strict";
let python = null;
const CALLS = ["drawn", "refusal"];
const HOME = "/home/pyodide/vinescore-phone";

async function start(data) {
  const began = Date.now(), parts = {};
  const module = await import(data.loader); // Pyodide is an ES module
  parts.loader = Date.now() - began;
  const pyodide = await module.loadPyodide({ indexURL: data.indexURL });
  parts.python = Date.now() - began;
  const response = await fetch(data.bundle, { credentials: "same-origin" });
  if (!response.ok) throw new Error("the scoring package could not be fetched (" + response.status + ")");
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: HOME });
  python = pyodide.runPython([
    "import json, sys",
    "sys.path.insert(0, " + JSON.stringify(HOME) + ")",
    "from vinescore.scoring import phone",
    // explanations and refusals in the page's language
    "phone.use_language(" + JSON.stringify(String(data.language || "")) + ")",
    "def call(name, args):",
    "    return json.dumps(getattr(phone, name)(*json.loads(args)))",
    "call",
  ].join("\n"));
  parts.rules = Date.now() - began;
  self.postMessage({ type: "ready", ms: Date.now() - began, parts: parts });
}
const message = (error) => String((error && error.message) || error);
self.onmessage = (event) => {
  const data = event.data || {}, began = performance.now(), answer = (what) => event.ports[0].postMessage(what);
  const failed = (error) => self.postMessage({ type: "failed", message: message(error) });
  if (data.type === "start" && python) return self.postMessage({ type: "ready", ms: 0 });
  if (data.type === "start") return start(data).catch(failed);
  if (!CALLS.includes(data.call) || !python) return answer({ error: "not ready" });
  try {
    answer({ result: JSON.parse(python(data.call, JSON.stringify(data.args))), ms: performance.now() - began });
  } catch (error) {
    answer({ error: message(error) });
  }
};
