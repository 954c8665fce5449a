/* A logged voyage replayed day by day over the woodcut: her track, the day slider and
   play/pause, her ship where she was that day, the ships in sight, her rumors' rings, her
   gold, hull and morale as small line charts over the run, the day's events. */
"use strict";
(function () {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const C = window.privateerChart;
  const data = JSON.parse(document.getElementById("voyage-data").textContent);
  const runId = location.pathname.split("/").pop();
  const area = document.getElementById("chart-area");
  const svg = area.querySelector("svg");
  const view = C.View(svg);
  window.privateerView = view;

  function node(tag, attrs, parent) {
    const n = document.createElementNS(SVG_NS, tag);
    Object.entries(attrs).forEach(([k, v]) => n.setAttribute(k, v));
    if (parent) parent.appendChild(n);
    return n;
  }

  // her track, broken where it crosses the antimeridian
  const layer = node("g", { id: "run-layer" }, svg);
  const pieces = [[]];
  data.track.forEach((p, i) => {
    if (i && Math.abs(p.lon - data.track[i - 1].lon) > 180) pieces.push([]);
    pieces[pieces.length - 1].push(`${p.x},${p.y}`);
  });
  pieces.filter((p) => p.length > 1).forEach((p) =>
    node("polyline", { points: p.join(" "), class: "run-track" }, layer));
  const sailed = node("polyline", { class: "run-sailed", points: "" }, layer);
  data.marks.forEach((m) => {
    const c = node("circle", { cx: m.x, cy: m.y, r: 2.2, "data-r": 2.2, class: `run-mark mark-${m.kind}` }, layer);
    node("title", {}, c).textContent = m.label;
  });
  const rings = node("g", { id: "run-rumors" }, layer);
  const sight = node("g", { id: "run-sight" }, layer);
  const ship = node("g", { id: "run-ship", class: "run-ship" }, layer);
  node("circle", { r: 3.2, "data-r": 3.2 }, ship);

  // her marks, her ship and the ships in sight keep a size on screen as the chart zooms (their
  // drawn size, kept from so many to so many pixels across): never discs over the chart
  const MARK_PX = [3, 7];
  let scale = 0;
  function sizeMarks(k) {
    scale = k;
    layer.querySelectorAll("#run-layer circle[data-r]").forEach((c) => {
      c.setAttribute("r", C.radiusOn(k, Number(c.dataset.r), MARK_PX).toFixed(3));
    });
  }

  function trackBox() {
    const xs = data.track.map((p) => p.x), ys = data.track.map((p) => p.y);
    const pad = 40;
    const x0 = Math.min(...xs) - pad, x1 = Math.max(...xs) + pad;
    const y0 = Math.min(...ys) - pad, y1 = Math.max(...ys) + pad;
    const home = view.home();
    let w = Math.max(x1 - x0, 120), h = Math.max(y1 - y0, 80);
    if (w / h > home.w / home.h) h = w * home.h / home.w; else w = h * home.w / home.h;
    return { x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - h / 2, w: w, h: h };
  }
  document.querySelectorAll("[data-zoom]").forEach((b) => b.addEventListener("click", () => {
    const how = b.dataset.zoom;
    if (how === "in") view.zoom(1.6);
    else if (how === "out") view.zoom(1 / 1.6);
    else if (how === "track") view.show(trackBox());
    else view.reset();
  }));
  view.show(trackBox());
  view.sized(sizeMarks);

  // gold, hull and morale over the run, a small line chart each, a rule at the day shown
  const sparks = document.getElementById("sparks");
  const rules = {};
  ["gold", "hull", "morale"].forEach((key) => {
    const W = 260, H = 46;
    const values = data.series.map((r) => r[key]);
    const top = Math.max(1, ...values), last = Math.max(1, data.last_day);
    const box = document.createElement("div");
    box.className = "spark";
    const label = document.createElement("span");
    label.className = "spark-label";
    box.appendChild(label);
    const chart = node("svg", { viewBox: `0 0 ${W} ${H}`, class: `spark-${key}`, width: W, height: H });
    const points = data.series.map((r) => `${(r.day / last * (W - 4) + 2).toFixed(1)},${(H - 3 - r[key] / top * (H - 8)).toFixed(1)}`);
    node("polyline", { points: points.join(" "), class: "spark-line" }, chart);
    rules[key] = { rule: node("line", { y1: 0, y2: H, class: "spark-rule" }, chart), label: label, W: W, last: last };
    box.appendChild(chart);
    sparks.appendChild(box);
  });

  const slider = document.getElementById("day");
  const shown = document.getElementById("day-shown");
  const sheet = document.getElementById("sheet");
  const events = document.getElementById("events");
  let asked = 0;

  async function showDay(day) {
    const ticket = ++asked;
    const d = await C.getJSON(`/api/runs/${runId}/days/${day}`);
    if (ticket !== asked) return; // a later day was asked meanwhile
    shown.textContent = `day ${d.day}`;
    ship.setAttribute("transform", `translate(${d.x},${d.y})`);
    ship.dataset.node = d.node;
    ship.dataset.day = d.day;
    const upTo = data.track.filter((p) => p.day <= d.day);
    sailed.setAttribute("points", upTo.map((p) => `${p.x},${p.y}`).join(" "));
    sight.replaceChildren();
    d.in_sight.forEach((s) => {
      const r = s.warship ? 2.6 : 2;
      const c = node("circle", { cx: s.x, cy: s.y, r: r, "data-r": r, class: "run-sighted" }, sight);
      if (scale > 0) c.setAttribute("r", C.radiusOn(scale, r, MARK_PX).toFixed(3));
      node("title", {}, c).textContent = `${s.flag || "unflagged"}${s.warship ? " warship" : ""}`;
    });
    rings.replaceChildren();
    d.rumors.forEach((r) => {
      r.search.forEach((n) => node("circle", { cx: n.x, cy: n.y, r: 1.2, class: "run-cloud" }, rings));
      const c = node("circle", { cx: r.x, cy: r.y, r: 3 + 3 * r.steps, class: "run-ring" }, rings);
      node("title", {}, c).textContent = r.label;
    });
    sheet.textContent = `Day ${d.day}: ${d.gold} gold · hull ${d.hull} · morale ${d.morale} · ${d.in_sight.length} in sight · ${d.rumors.length} rumors · ${d.charted} places charted`;
    Object.entries(rules).forEach(([key, r]) => {
      const x = (d.day / r.last * (r.W - 4) + 2).toFixed(1);
      r.rule.setAttribute("x1", x);
      r.rule.setAttribute("x2", x);
      r.label.textContent = `${key} ${d[key]}`;
    });
    events.replaceChildren(...(d.events.length ? d.events : ["(a quiet day)"]).map((t) => {
      const li = document.createElement("li");
      li.textContent = t;
      return li;
    }));
  }

  let pending = null;
  slider.addEventListener("input", () => {
    const day = Number(slider.value);
    if (pending) cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => { pending = null; showDay(day); });
  });
  const play = document.getElementById("play");
  let timer = null;
  play.addEventListener("click", () => {
    if (timer) {
      clearInterval(timer);
      timer = null;
      play.textContent = "\u25B6 play";
      return;
    }
    if (Number(slider.value) >= data.last_day) slider.value = 0;
    play.textContent = "\u275A\u275A pause";
    timer = setInterval(() => {
      const day = Number(slider.value) + 1;
      if (day > data.last_day) { play.click(); return; }
      slider.value = day;
      showDay(day);
    }, 250);
  });
  showDay(0);
})();
