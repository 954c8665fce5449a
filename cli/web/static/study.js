// A study's dial charts (templates/study.html): a point's figures shown beside it when the
// mouse is over it or it has the keyboard's focus, hidden when it leaves.
"use strict";
(function () {
  const tip = document.getElementById("tip");
  if (!tip) return;
  function show(dot, x, y) {
    const figures = JSON.parse(dot.dataset.figures);
    tip.textContent = Object.entries(figures).map(([k, v]) => k + ": " + v).join("\n");
    tip.style.display = "block";
    tip.style.left = x + 12 + "px";
    tip.style.top = y + 12 + "px";
  }
  function hide() { tip.style.display = "none"; }
  document.querySelectorAll("#study circle.point").forEach((dot) => {
    dot.setAttribute("tabindex", "0");
    dot.addEventListener("mouseenter", (event) => show(dot, event.clientX, event.clientY));
    dot.addEventListener("mouseleave", hide);
    dot.addEventListener("focus", () => {
      const box = dot.getBoundingClientRect();
      show(dot, box.right, box.bottom);
    });
    dot.addEventListener("blur", hide);
  });
})();
