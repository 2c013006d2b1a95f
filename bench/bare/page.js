// The bare window's loader, with the same two figures the real page gives:
// firstFrameMs (ms from navigation start to the first drawn frame) and framesDrawn().
(function () {
  "use strict";
  let module = null;
  const bare = { firstFrameMs: null, framesDrawn: () => (module ? module._bare_frames_drawn() : 0) };
  window.bare = bare;
  createAttentionModule({
    canvas: document.getElementById("canvas"),
    onFirstFrame: () => {
      bare.firstFrameMs = performance.now();
    },
  }).then((instance) => {
    module = instance;
  });
})();
