// A duel's hex board or a fight's rounds, replayed from the frames the server re-ran from the
// log (cli/web/replays.py): a slider, back and forward, play and pause.
"use strict";
(function () {
  const root = document.getElementById("replay");
  if (!root) return;
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const kind = root.dataset.kind;
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const scrub = $("scrub");
  let timer = null;

  function lines(id, list) {
    $(id).replaceChildren(...list.map((l) => {
      const div = document.createElement("div");
      div.textContent = l;
      return div;
    }));
  }
  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  }

  // Hexes pointy-top, odd rows half a hex to the right (as the terminal's board).
  const R = 14, W = Math.sqrt(3) * R;
  function centre(col, row) {
    return [W * (col + 0.5 * (row % 2)) + W / 2 + 2, 1.5 * R * row + R + 2];
  }
  function hex(cx, cy) {
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 180 * (60 * i - 30);
      pts.push((cx + R * Math.cos(a)).toFixed(1) + "," + (cy + R * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }
  function drawBoard() {
    const board = $("board");
    const { cols, rows } = data.board;
    board.setAttribute("viewBox", `0 0 ${W * (cols + 0.5) + 4} ${1.5 * R * rows + R + 4}`);
    board.setAttribute("width", W * (cols + 0.5) + 4);
    const g = svg("g", { id: "hexes" });
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const [cx, cy] = centre(col, row);
        g.appendChild(svg("polygon", { class: "hex", points: hex(cx, cy) }));
      }
    }
    board.appendChild(g);
  }
  function ship(side, s) {
    const [cx, cy] = centre(s.col, s.row);
    // facing 0..5: E SE SW W NW NE, clockwise from east in 60-degree steps
    const angle = 60 * s.facing;
    const g = svg("g", { class: "ship ship-" + side, "data-hex": s.hex,
      transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)}) rotate(${angle})` });
    g.appendChild(svg("polygon", { points: `${R * 0.8},0 ${-R * 0.6},${-R * 0.45} ${-R * 0.6},${R * 0.45}` }));
    const title = svg("title", {});
    title.textContent = `${side} at ${s.hex}: hull ${s.hull}, sails ${s.sails}, crew ${s.crew}`;
    g.appendChild(title);
    return g;
  }

  function showDuel(i) {
    const f = frames[i];
    const board = $("board");
    board.querySelectorAll(".ship").forEach((n) => n.remove());
    board.append(ship("red", f.red), ship("blue", f.blue));
    $("where").textContent = `round ${f.round}, action ${i} of ${frames.length - 1}` +
      (f.action ? ` (${f.action})` : "");
    lines("status", f.status);
    lines("lines", f.lines);
  }

  function showFight(i) {
    const f = frames[i];
    if (!f) { $("where").textContent = "no round was fought"; return; }
    $("where").textContent = `round ${f.round} (${i + 1} of ${frames.length})`;
    const hulls = $("hulls");
    hulls.replaceChildren();
    [["you", 0, "#8b1e1e"], ["her", 1, "#1f4e79"]].forEach(([who, side, ink], row) => {
      const y = 8 + row * 26;
      const most = Math.max(f.max_hull[side], 1);
      hulls.appendChild(svg("rect", { x: 60, y, width: 300, height: 16, fill: "none", stroke: ink }));
      hulls.appendChild(svg("rect", { x: 60, y, width: 300 * f.after[side] / most, height: 16,
        fill: ink, class: "hull-" + who }));
      const label = svg("text", { x: 0, y: y + 12 });
      label.textContent = `${who} ${f.hull[side]}→${f.after[side]}`;
      hulls.appendChild(label);
    });
    $("hand").replaceChildren(...f.hand.map((card, k) => {
      const span = document.createElement("span");
      const order = f.kept.indexOf(k);
      span.textContent = (order >= 0 ? (order + 1) + ": " : "") + card;
      if (order >= 0) span.className = "kept";
      return span;
    }));
    lines("status", f.board);
    lines("lines", f.lines);
  }

  // Each replay page's drawing (data-kind: routes_play's REPLAYS names a run's page): where
  // its frames are, what it draws once, and how it shows a frame.
  const PAGES = {
    duel: { frames: () => data.frames, start: drawBoard, show: showDuel },
    fight: { frames: () => data.rounds, start: () => {}, show: showFight },
  };
  const page = PAGES[kind];
  const frames = page.frames();
  const show = page.show;
  page.start();
  scrub.addEventListener("input", () => show(+scrub.value));
  $("back").addEventListener("click", () => { scrub.value = Math.max(0, +scrub.value - 1); show(+scrub.value); });
  $("forward").addEventListener("click", () => {
    scrub.value = Math.min(+scrub.max, +scrub.value + 1); show(+scrub.value);
  });
  const button = $("play-pause");
  function stop() { clearInterval(timer); timer = null; button.textContent = "play"; }
  button.addEventListener("click", () => {
    if (timer) { stop(); return; }
    if (+scrub.value >= +scrub.max) { scrub.value = 0; show(0); }  // played again from the start
    button.textContent = "pause";
    timer = setInterval(() => {
      scrub.value = +scrub.value + 1; show(+scrub.value);
      if (+scrub.value >= +scrub.max) stop();  // the last frame shown: nothing left to play
    }, 400);
  });
  show(0);
})();
