// A voyage played in the browser: reads the state from /api/play/{run}, shows it, and sends
// the player's action to /api/play/{run}/act. The server (the same session as `privateer
// play`) decides everything; this only draws and sends.
"use strict";
(function () {
  const root = document.getElementById("play");
  if (!root) return;
  const runId = root.dataset.run;
  const api = "/api/play/" + runId;
  const { $, el } = window.dom;
  const SVG = "http://www.w3.org/2000/svg";
  let state = null;
  let busy = false;
  let kept = [];

  function log(lines, cls) {
    const box = $("log");
    for (const line of lines) box.appendChild(el("div", { class: cls || "line" }, line));
    box.scrollTop = box.scrollHeight;
  }

  async function send(action, confirm) {
    if (busy) return;
    busy = true;
    root.classList.add("busy");
    $("reason").textContent = "";
    try {
      const response = await fetch(api + "/act", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ action: action, confirm: !!confirm }),
      });
      const body = await response.json();
      if (!response.ok) {
        $("reason").textContent = body.error;
        return;
      }
      log(["> " + action], "typed");
      log(body.lines);
      showAsk(body.ask);
      show(body.state);
    } catch (error) {
      $("reason").textContent = "the server did not answer: " + error;
    } finally {
      busy = false;
      root.classList.remove("busy");
    }
  }

  function showAsk(ask) {
    const box = $("ask");
    box.replaceChildren();
    box.hidden = !ask;
    if (!ask) return;
    for (const line of ask.lines) box.appendChild(el("div", { class: "line" }, line));
    const yes = el("button", { type: "button", "data-action": ask.action },
      ask.suggestion ? `yes: ${ask.action}` : "do it all the same");
    yes.addEventListener("click", () => { box.hidden = true; send(ask.action, true); });
    const no = el("button", { type: "button" }, "no");
    no.addEventListener("click", () => { box.hidden = true; });
    box.append(yes, no);
  }

  function button(entry) {
    const price = entry.price !== null && entry.price !== undefined ? ` (${entry.price} gold)` : "";
    const b = el("button", { type: "button", "data-action": entry.action, title: entry.action },
      entry.words + price);
    b.addEventListener("click", () => send(entry.action));
    return b;
  }

  const GROUPS = [
    ["sea", "At sea"], ["meeting", "Alongside"], ["fight", "The fight: keep two cards, in order"],
    ["prize", "Her stores"], ["question", "A question"], ["port", "The port"],
    ["bar", "The bar"], ["yard", "The yard (prices in gold)"],
  ];

  function show(s) {
    state = s;
    kept = [];
    const f = s.figures;
    $("prompt").textContent = s.prompt;
    $("here").textContent = s.here;
    $("goal").textContent = "to win: " + s.goal;
    $("waiting").replaceChildren(...s.waiting.map((l) => el("div", { class: "line" }, l)));
    $("gold").textContent = f.gold + (f.goal_gold ? "/" + f.goal_gold : "");
    $("hull").textContent = f.hull + "/" + f.max_hull;
    $("morale").textContent = f.morale + "/" + f.morale_max;
    $("day").textContent = f.day + "/" + f.last_day;
    const actions = $("actions");
    actions.replaceChildren();
    if (s.over) {
      actions.appendChild(el("p", { class: "over" },
        `the voyage is over (${(s.outcome || "").replace(/_/g, " ")}) on day ${f.day}`));
      const link = el("a", { href: "/runs/" + runId }, "its run, replayed");
      actions.appendChild(link);
    }
    for (const [group, title] of GROUPS) {
      const entries = s.actions.filter((a) => a.group === group);
      if (!entries.length) continue;
      const box = el("section", { class: "group group-" + group });
      box.appendChild(el("h3", {}, title));
      if (group === "fight" && s.hand) box.appendChild(cards(s.hand));
      if (group === "sea" && s.observe.course !== null) {
        box.appendChild(button({ action: "go", words: "go: sail on until something stops you",
          price: null }));
      }
      for (const entry of entries) box.appendChild(button(entry));
      actions.appendChild(box);
    }
    if (s.context === "in port" && s.observe.course === null && !s.over) {
      const box = el("section", { class: "group group-wait" });
      box.appendChild(el("h3", {}, "Idle in port"));
      for (const n of [1, 3, 7]) {
        box.appendChild(button({ action: "wait " + n, words: `wait ${n} day${n > 1 ? "s" : ""}`,
          price: null }));
      }
      actions.appendChild(box);
    }
    $("yard").replaceChildren(...s.yard.map((l) => el("div", { class: "line" }, l)));
    $("yard-box").hidden = !s.yard.length;
    sight(s.observe.in_sight || []);
    chart(s);
    letterLayer(s);
  }

  function cards(hand) {
    const row = el("div", { class: "hand" });
    for (const card of hand) {
      const c = el("button", { type: "button", class: "card", "data-card": card.index },
        (card.index + 1) + "  " + card.words);
      c.addEventListener("click", () => {
        if (kept.includes(card.index)) return;
        kept.push(card.index);
        c.classList.add("kept");
        c.textContent = kept.length + ": " + card.words;
        if (kept.length === 2) send(`keep ${kept[0] + 1} ${kept[1] + 1}`);
      });
      row.appendChild(c);
    }
    row.appendChild(el("p", { class: "hint" },
      "click the card to resolve first, then the second; the third goes under the deck"));
    return row;
  }

  function sight(ships) {
    const box = $("sight");
    box.replaceChildren();
    for (const ship of ships) {
      const flag = ship.flag ? " of " + ship.flag : "";
      const words = [ship.kind.replace(/_/g, " ") + flag];
      if (ship.distance !== undefined) words.push(ship.distance + " off");
      const r = ship.read;
      if (r) words.push(`read: her hull ${r.hull}, she hurts ${r.hurt}, her hold ${r.hold} gold`);
      box.appendChild(el("div", { class: "line" }, words.join("; ")));
    }
  }

  // The chart beside: the world's woodcut (chart.js pans and zooms it) with a mark on each
  // port and on her; a click on a port sets the course there (the engine's `course NODE`).
  // The marks keep a size on screen at any zoom (a ring round the woodcut's own port, never
  // a disc over it and its name); the chart opens on the seas round her.
  // With no world drawn (a database without the world's tables), the ports by lon and lat.
  const PORT_PX = [4, 9]; // a port's ring: its radius on screen, at least and at most
  const SHIP_PX = 11; // her ring's radius on screen
  const AROUND_HER = 60; // degrees of longitude the chart shows round her at first
  const area = $("chart-area");
  let woodcut = null;
  if (area && window.privateerChart) {
    const svg = area.querySelector("svg");
    const view = window.privateerChart.View(svg);
    window.privateerView = view;
    window.privateerChart.bindZoomButtons(view, document);
    const p = JSON.parse($("projection").textContent);
    const marks = document.createElementNS(SVG, "g");
    marks.setAttribute("id", "play-marks");
    svg.appendChild(marks);
    woodcut = {
      svg, view, marks, shown: false,
      at: (lon, lat) => [p.x0 + (lon - p.west) * p.k, p.y0 + (p.north - lat) * p.k],
      k: p.k,
    };
    const her = $("zoom-her");
    if (her) her.addEventListener("click", () => { if (state) showHer(state); });
  }

  /* The chart moved to the seas round her (AROUND_HER degrees across, as tall as the chart's
     shape makes it). */
  function showHer(s) {
    const { view, at, k } = woodcut;
    const home = view.home();
    const [x, y] = at(s.observe.lon, s.observe.lat);
    const w = Math.min(home.w, AROUND_HER * k), h = w * home.h / home.w;
    view.show({ x: x - w / 2, y: y - h / 2, w: w, h: h });
  }

  /* Each mark's radius for k screen pixels a unit: a port's between PORT_PX (6 units where
     that falls between them), her ring SHIP_PX. */
  function sizeMarks(k) {
    if (!woodcut.ports) return;
    const r = window.privateerChart.radiusOn(k, 6, PORT_PX).toFixed(3);
    for (const { c } of woodcut.ports) c.setAttribute("r", r);
    woodcut.ship.setAttribute("r", (SHIP_PX / k).toFixed(3));
  }

  // The marks are made once (a port's circle and title, her ship) and then only their
  // classes, titles and her place change: rebuilding them every action made the browser
  // repaint the whole woodcut under them.
  function woodcutMarks(s) {
    const { marks, at } = woodcut;
    const open = new Set(s.actions.filter((a) => a.group === "course").map((a) => a.action));
    woodcut.open = open;
    if (!woodcut.ports) {
      woodcut.ports = []; // a port each (two ports may lie at one node: both get a ring)
      for (const p of s.ports) {
        const [x, y] = at(p.lon, p.lat);
        const c = document.createElementNS(SVG, "circle");
        c.setAttribute("cx", x); c.setAttribute("cy", y); c.setAttribute("r", 6);
        c.setAttribute("data-node", p.node);
        c.setAttribute("data-port", p.name);
        const title = document.createElementNS(SVG, "title");
        c.appendChild(title);
        c.addEventListener("click", () => {
          if (woodcut.open.has("course " + p.node)) send("course " + p.node);
        });
        marks.appendChild(c);
        woodcut.ports.push({ c, title, name: p.name, node: p.node });
      }
      woodcut.ship = document.createElementNS(SVG, "circle");
      woodcut.ship.setAttribute("class", "ship"); woodcut.ship.setAttribute("id", "play-ship");
      woodcut.ship.setAttribute("r", 9);
      marks.appendChild(woodcut.ship);
      woodcut.view.sized(sizeMarks);
    }
    for (const { c, title, name, node } of woodcut.ports) {
      const can = open.has("course " + node);
      const cls = "play-port" + (can ? " open" : "") + (s.observe.course === node ? " bound" : "");
      if (c.getAttribute("class") !== cls) c.setAttribute("class", cls);
      const words = can ? "set a course for " + name : name;
      if (title.textContent !== words) title.textContent = words;
    }
    const [x, y] = at(s.observe.lon, s.observe.lat);
    if (woodcut.ship.getAttribute("cx") !== String(x)) woodcut.ship.setAttribute("cx", x);
    if (woodcut.ship.getAttribute("cy") !== String(y)) woodcut.ship.setAttribute("cy", y);
    if (!woodcut.shown) {
      woodcut.shown = true;
      showHer(s);
    }
  }

  function chart(s) {
    if (woodcut) { woodcutMarks(s); return; }
    const svg = $("play-chart");
    const ports = s.ports;
    const lons = ports.map((p) => p.lon).concat([s.observe.lon]);
    const lats = ports.map((p) => p.lat).concat([s.observe.lat]);
    const pad = 2;
    const x0 = Math.min(...lons) - pad, x1 = Math.max(...lons) + pad;
    const y0 = Math.min(...lats) - pad, y1 = Math.max(...lats) + pad;
    svg.setAttribute("viewBox", `${x0} ${-y1} ${x1 - x0} ${y1 - y0}`);
    svg.replaceChildren();
    const r = Math.max(x1 - x0, y1 - y0) / 120;
    const open = new Set(s.actions.filter((a) => a.group === "course").map((a) => a.action));
    for (const p of ports) {
      const g = document.createElementNS(SVG, "g");
      g.setAttribute("class", "port" + (open.has("course " + p.node) ? " open" : ""));
      g.setAttribute("data-node", p.node);
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", p.lon); dot.setAttribute("cy", -p.lat); dot.setAttribute("r", r);
      const label = document.createElementNS(SVG, "text");
      label.setAttribute("x", p.lon + r * 1.5); label.setAttribute("y", -p.lat + r / 2);
      label.setAttribute("font-size", r * 3);
      label.textContent = p.name;
      const title = document.createElementNS(SVG, "title");
      title.textContent = "set a course for " + p.name;
      g.append(dot, label, title);
      if (s.observe.course === p.node) g.classList.add("bound");
      g.addEventListener("click", () => { if (open.has("course " + p.node)) send("course " + p.node); });
      svg.appendChild(g);
    }
    const ship = document.createElementNS(SVG, "circle");
    ship.setAttribute("class", "ship");
    ship.setAttribute("cx", s.observe.lon); ship.setAttribute("cy", -s.observe.lat);
    ship.setAttribute("r", r * 1.6);
    svg.appendChild(ship);
  }

  // The letter in hand on the chart (issue 35): its region dashed and lettered, the towns of
  // its nation there ringed, each with the days' sail from her (the server's read, the same as
  // the terminal's `letter`). A layer of its own, over the marks but never in the way of a
  // click on a port, redrawn only when what it shows changes; its rings and words keep a size
  // on screen at any zoom.
  const LETTER_INK = "#8b1e1e";
  const LETTER_PX = { ring: 13, words: 11, line: 1.4 }; // on screen, at any zoom
  let letterK = null;

  function letterLayer(s) {
    const svg = woodcut ? woodcut.svg : $("play-chart");
    if (!svg) return;
    const at = woodcut ? woodcut.at : (lon, lat) => [lon, -lat];
    const key = JSON.stringify(s.letter || null);
    let layer = svg.querySelector("#play-letter");
    if (layer && layer.dataset.key === key) return;
    if (!layer) {
      layer = document.createElementNS(SVG, "g");
      layer.setAttribute("id", "play-letter");
      layer.setAttribute("pointer-events", "none");
      svg.appendChild(layer);
      if (woodcut && woodcut.view.sized && letterK === null) {
        letterK = 1;
        woodcut.view.sized((k) => { letterK = k; sizeLetter(); });
      }
    }
    layer.dataset.key = key;
    layer.replaceChildren();
    const letter = s.letter;
    if (!letter) return;
    const make = (tag, attrs, text) => {
      const node = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      if (text !== undefined) node.textContent = text;
      layer.appendChild(node);
      return node;
    };
    const line = { fill: "none", stroke: LETTER_INK, "vector-effect": "non-scaling-stroke",
      "stroke-width": LETTER_PX.line };
    const task = letter.task === "sack" ? "a town to sack" : "prizes";
    for (const [w, south, e, n] of letter.boxes) {
      const [x0, y0] = at(w, n), [x1, y1] = at(e, south);
      make("rect", { ...line, class: "letter-region", x: x0, y: y0, width: x1 - x0,
        height: y1 - y0, "stroke-dasharray": "6 4" });
      make("text", { class: "letter-words letter-region-name", x: x0, y: y0, fill: LETTER_INK,
        "font-style": "italic", "data-dx": 0.3, "data-dy": 1.2 },
        `${letter.region}: ${task}, against ${letter.nation_name}, `
        + `by day ${letter.deadline}`);
    }
    for (const town of letter.towns) {
      const [x, y] = at(town.lon, town.lat);
      const days = town.days < 0 ? "no way by sea" : town.days === 0 ? "here"
        : `${town.days} day${town.days === 1 ? "" : "s"}`;
      const ring = make("circle", { ...line, class: "letter-town", cx: x, cy: y,
        "data-port": town.name, "data-days": town.days });
      if (!town.in_time) ring.setAttribute("stroke-dasharray", "2 2");
      make("text", { class: "letter-words letter-town-days", x: x, y: y, fill: LETTER_INK,
        "font-weight": "bold", "data-dx": 1.3, "data-dy": -0.6 }, `${town.name} ${days}`);
    }
    sizeLetter();
  }

  /* The letter layer's rings and words at their size on screen for the zoom as it stands. */
  function sizeLetter() {
    const svg = woodcut ? woodcut.svg : $("play-chart");
    const layer = svg && svg.querySelector("#play-letter");
    if (!layer) return;
    let k = letterK;
    if (k === null || !woodcut) {
      const m = svg.getScreenCTM();
      k = m && m.a ? m.a : 1;
    }
    const ring = LETTER_PX.ring / k, words = LETTER_PX.words / k;
    for (const c of layer.querySelectorAll("circle")) c.setAttribute("r", ring.toFixed(3));
    for (const t of layer.querySelectorAll("text")) {
      t.setAttribute("font-size", words.toFixed(3));
      if (!t.dataset.base) t.dataset.base = t.getAttribute("x") + "," + t.getAttribute("y");
      const [x, y] = t.dataset.base.split(",").map(Number);
      t.setAttribute("x", (x + Number(t.dataset.dx || 0) * ring).toFixed(3));
      t.setAttribute("y", (y + Number(t.dataset.dy || 0) * words).toFixed(3));
    }
  }

  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("typed-action");
    if (input.value.trim()) send(input.value.trim());
    input.value = "";
  });

  fetch(api, { headers: { accept: "application/json" } })
    .then((r) => r.json().then((body) => ({ ok: r.ok, body })))
    .then(({ ok, body }) => {
      if (!ok) { $("reason").textContent = body.error; return; }
      log([body.played
        ? `picked up run ${runId} on day ${body.figures.day} (${body.played} action${body.played === 1 ? "" : "s"} played)`
        : `run ${runId}: a new voyage` + (body.observe.port ? ` out of ${body.observe.port}` : "")
          + ` (seed ${body.seed}, ${body.rules} rules)`]);
      show(body);
    });
})();
