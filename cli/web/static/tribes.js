// A logged Tribes run watched: the map at the slider's tick (the whole world, or as one tribe
// saw it through its fog), charts of each tribe over the run with the tick marked, the tick's
// events and the settlements in view. The server re-runs the run and says what each tick
// holds; this only draws it.
"use strict";
(function () {
  const root = document.getElementById("tribes");
  if (!root) return;
  const runId = root.dataset.run;
  const api = "/api/tribes/" + runId;
  const { $, el } = window.dom;
  const SVG = "http://www.w3.org/2000/svg";
  const INK = "#3b2a20";
  const UNEXPLORED = "#6b6257";
  const CHARTS = [["pop", "population"], ["stores", "stores (every unit)"], ["morale", "morale"],
    ["score", "score"]];
  let run = null;
  let asked = 0; // the newest request: an older answer arriving late is dropped
  let timer = null;

  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    return node;
  }

  async function json(url) {
    const response = await fetch(url, { headers: { accept: "application/json" } });
    const body = await response.json();
    if (!response.ok) throw new Error(body.error);
    return body;
  }

  function colour(tribe) {
    return tribe >= 0 && run.tribes[tribe] ? run.tribes[tribe].colour : INK;
  }

  function drawMap(view) {
    const canvas = $("map");
    const n = run.size;
    const px = Math.max(4, Math.floor(768 / n));
    canvas.width = canvas.height = n * px;
    const g = canvas.getContext("2d");
    for (let y = 0; y < n; y++) {
      const row = view.rows[y];
      for (let x = 0; x < n; x++) {
        const c = row[x];
        g.fillStyle = c === "?" ? UNEXPLORED : (run.terrain[c] || {}).colour || "#ccc";
        g.fillRect(x * px, y * px, px, px);
        const owner = view.claims[y][x];
        if (owner >= 0) {
          g.globalAlpha = 0.3;
          g.fillStyle = colour(owner);
          g.fillRect(x * px, y * px, px, px);
          g.globalAlpha = 1;
        }
      }
    }
    const mid = (v) => v * px + px / 2;
    g.lineWidth = Math.max(1, px / 6);
    for (const c of view.caravans) {
      g.fillStyle = colour(c.tribe);
      g.strokeStyle = INK;
      const s = px * (c.wagon ? 0.5 : 0.6);
      g.fillRect(mid(c.x) - s / 2, mid(c.y) - s / 2, s, s);
      g.strokeRect(mid(c.x) - s / 2, mid(c.y) - s / 2, s, s);
    }
    for (const w of view.warbands) {
      const s = px * Math.min(2, 0.8 + Math.sqrt(w.size) / 12);
      g.beginPath();
      g.moveTo(mid(w.x), mid(w.y) - s);
      g.lineTo(mid(w.x) + s, mid(w.y) + s * 0.7);
      g.lineTo(mid(w.x) - s, mid(w.y) + s * 0.7);
      g.closePath();
      g.strokeStyle = colour(w.tribe);
      if (!w.routing) { g.fillStyle = colour(w.tribe); g.fill(); }
      g.stroke();
    }
    for (const c of view.camps) {
      const s = px * 0.8;
      g.strokeStyle = INK;
      g.beginPath();
      g.moveTo(mid(c.x) - s, mid(c.y) - s); g.lineTo(mid(c.x) + s, mid(c.y) + s);
      g.moveTo(mid(c.x) + s, mid(c.y) - s); g.lineTo(mid(c.x) - s, mid(c.y) + s);
      g.stroke();
    }
    for (const s of view.settlements) {
      const r = px * Math.min(1.3, 0.4 + Math.log10(Math.max(10, s.pop)) / 4);
      g.beginPath();
      g.arc(mid(s.x), mid(s.y), r, 0, 2 * Math.PI);
      g.fillStyle = colour(s.tribe);
      g.fill();
      g.strokeStyle = INK;
      g.stroke();
    }
  }

  function drawTable(view) {
    const body = $("settlements").querySelector("tbody");
    const rows = [...view.settlements].sort((a, b) => a.tribe - b.tribe || b.pop - a.pop);
    body.replaceChildren(...rows.map((s) => {
      const tr = el("tr", { "data-name": s.name });
      tr.append(el("td", {}, s.name), el("td", { style: "color:" + colour(s.tribe) },
        run.tribes[s.tribe].name), el("td", { class: "num" }, String(s.pop)),
      el("td", { class: "num" }, String(s.x)), el("td", { class: "num" }, String(s.y)));
      return tr;
    }));
  }

  function drawCharts() {
    const box = $("charts");
    box.replaceChildren();
    const ticks = run.series.map((r) => r.tick);
    const last = Math.max(1, run.last_tick);
    for (const [key, words] of CHARTS) {
      const most = Math.max(1, ...run.series.flatMap((r) => r[key]));
      const chart = svg("svg", { viewBox: "0 0 200 60", preserveAspectRatio: "none",
        "data-chart": key });
      run.tribes.forEach((tribe, i) => {
        const points = run.series.map((r, j) =>
          (200 * ticks[j] / last).toFixed(1) + "," + (58 - 56 * r[key][i] / most).toFixed(1));
        chart.append(svg("polyline", { points: points.join(" "), fill: "none",
          stroke: tribe.colour, "stroke-width": 1.2, "vector-effect": "non-scaling-stroke" }));
      });
      chart.append(svg("line", { class: "now", x1: 0, x2: 0, y1: 0, y2: 60, stroke: INK,
        "stroke-dasharray": "2 2", "vector-effect": "non-scaling-stroke" }));
      const figure = el("figure");
      figure.append(el("figcaption", {}, words + ", 0 to " + most.toLocaleString("en")), chart);
      box.append(figure);
    }
  }

  function markCharts(tick) {
    const x = (200 * tick / Math.max(1, run.last_tick)).toFixed(1);
    for (const line of document.querySelectorAll("#charts line.now")) {
      line.setAttribute("x1", x);
      line.setAttribute("x2", x);
    }
  }

  async function show(tick) {
    const mine = ++asked;
    const fog = $("fog").value;
    $("tick-label").textContent = "tick " + tick + " of " + run.last_tick;
    markCharts(tick);
    try {
      const view = await json(api + "/ticks/" + tick + (fog ? "?tribe=" + fog : ""));
      if (mine !== asked) return;
      drawMap(view);
      drawTable(view);
      $("events").replaceChildren(...(view.events.length ? view.events : ["(nothing told)"])
        .map((line) => el("div", {}, line)));
      root.dataset.shown = String(view.tick) + ":" + fog;
      $("reason").textContent = "";
    } catch (error) {
      if (mine === asked) $("reason").textContent = String(error.message || error);
    }
  }

  function play() {
    if (timer) { clearInterval(timer); timer = null; $("play").textContent = "play"; return; }
    $("play").textContent = "pause";
    timer = setInterval(() => {
      const slider = $("tick");
      const next = Math.min(run.last_tick, Number(slider.value) + 10);
      slider.value = String(next);
      show(next);
      if (next >= run.last_tick) play();
    }, 400);
  }

  async function start() {
    run = await json(api);
    const slider = $("tick");
    slider.max = String(run.last_tick);
    for (const tribe of run.tribes) {
      $("fog").append(el("option", { value: String(tribe.id) },
        "as " + tribe.name + " (" + tribe.id + ") saw it"));
    }
    $("key").replaceChildren(...run.tribes.map((t) =>
      el("span", { style: "color:" + t.colour }, "\u25cf " + t.id + " " + t.name)),
    el("span", {}, "\u25b2 warband"), el("span", {}, "\u25a0 caravan"),
    el("span", {}, "\u2715 camp"));
    drawCharts();
    slider.addEventListener("input", () => show(Number(slider.value)));
    $("fog").addEventListener("change", () => show(Number(slider.value)));
    $("play").addEventListener("click", play);
    show(0);
  }

  start().catch((error) => { $("reason").textContent = String(error.message || error); });
})();
