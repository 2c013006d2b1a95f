// A course page driving an embedded Attention Lab with postMessage, through
// attention-host.js (the helper docs/embedding.md shows).
// ?widget=URL points the iframe elsewhere (another origin works too).
(function () {
  "use strict";
  const params = new URLSearchParams(window.location.search);
  const widgetUrl = new URL(params.get("widget") || "../index.html", window.location.href);
  widgetUrl.searchParams.set("lesson", "the-cat-sat");
  widgetUrl.searchParams.set("embed", "1");
  const iframe = document.getElementById("widget");
  const status = document.getElementById("status");
  iframe.src = widgetUrl.href;
  const widget = attentionWidget(iframe);

  let state = null;
  function show(s) {
    state = s;
    status.textContent = `Step ${s.step + 1} of ${s.steps}: ${s.stepTitle}` + (s.edited ? " (numbers changed)" : "");
  }
  widget.on("ready", show);
  widget.on("statechange", show);
  // What a course would record: steps seen, predictions right, challenges solved.
  widget.on("progress", (p) => {
    document.getElementById("progress").textContent =
      `Steps seen: ${p.visited} of ${p.steps}; predictions right: ${p.right} of ${p.predictions}; ` +
      `challenges solved: ${p.solved} of ${p.challenges}` +
      (p.complete ? " (complete)" : "");
  });

  document
    .getElementById("next")
    .addEventListener("click", () => state && widget.call("setStep", Math.min(state.step + 1, state.steps - 1)));
  document
    .getElementById("previous")
    .addEventListener("click", () => state && widget.call("setStep", Math.max(state.step - 1, 0)));
  document.getElementById("reset").addEventListener("click", () => widget.call("reset"));
  window.embedExample = { call: widget.call }; // for the browser tests
})();
