/* The woodcut in the page: pan (drag), zoom (wheel, pinch, buttons) through the SVG's viewBox,
   drawn once a frame (requestAnimationFrame), never re-rendered; layers toggled by their SVG
   groups; a port's card on hover or tap; the flow by season. Plain JavaScript, no library.
   A press that does not move is a click on what lies under it (a port): the pointer is
   captured for the map only once it moves, as a drag. Marks laid over the woodcut (the port
   hits here, play.js's ports and ship) keep a size on screen, whatever the zoom. */
"use strict";
(function () {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const MIN_WIDTH_SHARE = 1 / 60; // zoomed in at most sixty times
  const LABEL_MAX_PX = 22; // a name grows with the zoom up to this size on screen, no further
  const DRAG_PX = 4; // a press that moves less than this is a click on what lies under it
  const HIT_PX = [3, 8]; // a port's mark on screen: a radius of at least, at most, so many px

  /* A view over an SVG: its viewBox moved and scaled, written once a frame. */
  function View(svg) {
    const base = svg.viewBox.baseVal;
    const home = { x: base.x, y: base.y, w: base.width, h: base.height };
    let box = Object.assign({}, home);
    let pending = false;
    const labels = [...svg.querySelectorAll("text")].map((t) =>
      ({ t: t, size: parseFloat(getComputedStyle(t).fontSize) }));
    let labelScale = 0;
    /* screen pixels a unit of the SVG, as the box is shown now (0 while it is not laid out) */
    function pixels() {
      const r = svg.getBoundingClientRect();
      const k = Math.min(r.width / box.w, r.height / box.h);
      return k > 0 ? k : 0;
    }
    /* names keep their drawn size until it would pass LABEL_MAX_PX on screen */
    function fitLabels(k) {
      if (!(k > 0) || Math.abs(k - labelScale) < 1e-9) return;
      labelScale = k;
      labels.forEach((l) => {
        l.t.style.fontSize = Math.min(l.size, LABEL_MAX_PX / k) + "px";
      });
    }
    const listeners = [];
    const sizers = [];

    /* the chart's shape on screen (height over width): the box shown takes it, so a tall
       phone's chart is filled, not a band across it */
    function aspect() {
      const r = svg.getBoundingClientRect();
      return r.width > 0 && r.height > 0 ? r.height / r.width : home.h / home.w;
    }
    /* the box to show for `b`: all of b (the screen's shape), zoomed in at most sixty times,
       zoomed out at most to the whole chart, kept on the chart (centred where it is larger) */
    function clamp(b) {
      const a = aspect();
      const most = Math.max(home.w, home.h / a);
      const w = Math.min(most, Math.max(home.w * MIN_WIDTH_SHARE, b.w, (b.h || 0) / a));
      const h = w * a;
      const x = w >= home.w ? home.x + (home.w - w) / 2
        : Math.min(home.x + home.w - w, Math.max(home.x, b.x + (b.w - w) / 2));
      const y = h >= home.h ? home.y + (home.h - h) / 2
        : Math.min(home.y + home.h - h, Math.max(home.y, b.y + ((b.h || h) - h) / 2));
      return { x: x, y: y, w: w, h: h };
    }
    function draw() {
      pending = false;
      box = clamp(box); // the screen's shape may have changed (a resize, a phone turned)
      svg.setAttribute("viewBox", [box.x, box.y, box.w, box.h].map((v) => v.toFixed(2)).join(" "));
      const k = pixels();
      fitLabels(k);
      if (k > 0) sizers.forEach((f) => f(k));
      listeners.forEach((f) => f(box));
    }
    function schedule() {
      if (!pending) {
        pending = true;
        requestAnimationFrame(draw);
      }
    }
    function set(b) {
      box = clamp(b);
      schedule();
    }
    /* f(k) now and whenever the screen pixels a unit change (a zoom, the page resized): what
       keeps a size on screen sets it there */
    function sized(f) {
      sizers.push(f);
      const k = pixels();
      if (k > 0) f(k);
    }
    if (window.ResizeObserver) new ResizeObserver(schedule).observe(svg);
    /* a point of the screen in the SVG's units */
    function toSvg(clientX, clientY) {
      const r = svg.getBoundingClientRect();
      const scale = Math.max(box.w / r.width, box.h / r.height); // preserveAspectRatio meet
      const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
      return {
        x: box.x + box.w / 2 + (clientX - cx) * scale,
        y: box.y + box.h / 2 + (clientY - cy) * scale,
        scale: scale,
      };
    }
    function zoom(factor, clientX, clientY) {
      const r = svg.getBoundingClientRect();
      const at = toSvg(clientX === undefined ? r.left + r.width / 2 : clientX,
                       clientY === undefined ? r.top + r.height / 2 : clientY);
      const w = box.w / factor, h = box.h / factor;
      set({ x: at.x - (at.x - box.x) / factor, y: at.y - (at.y - box.y) / factor, w: w, h: h });
    }
    function panBy(dxScreen, dyScreen) {
      const s = toSvg(0, 0).scale;
      set({ x: box.x - dxScreen * s, y: box.y - dyScreen * s, w: box.w, h: box.h });
    }
    function show(b) { set(b); }
    function reset() { set(Object.assign({}, home)); }

    // dragging and pinching, by pointer events (mouse, pen and touch alike). The map takes
    // the pointer (setPointerCapture) only once a press moves DRAG_PX or a second finger
    // comes: a press that stays put is a click on the port under it, not on the map.
    const pointers = new Map();
    let pinch = null;
    let dragging = false;
    function drag() {
      dragging = true;
      pointers.forEach((_, id) => {
        try { svg.setPointerCapture(id); } catch (err) { /* that pointer is gone already */ }
      });
      svg.classList.add("dragging");
    }
    svg.addEventListener("pointerdown", (e) => {
      if (e.button !== undefined && e.button > 0) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
      if (pointers.size === 2) {
        drag();
        const [a, b] = [...pointers.values()];
        pinch = Math.hypot(a.x - b.x, a.y - b.y);
      }
    });
    svg.addEventListener("pointermove", (e) => {
      const last = pointers.get(e.pointerId);
      if (!last) return;
      if (!dragging) {
        if (Math.hypot(e.clientX - last.x0, e.clientY - last.y0) < DRAG_PX) return;
        drag();
      }
      if (pointers.size === 1) {
        panBy(e.clientX - last.x, e.clientY - last.y);
      } else if (pointers.size === 2 && pinch) {
        pointers.set(e.pointerId, Object.assign(last, { x: e.clientX, y: e.clientY }));
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (d > 0) zoom(d / pinch, (a.x + b.x) / 2, (a.y + b.y) / 2);
        pinch = d;
        return;
      }
      pointers.set(e.pointerId, Object.assign(last, { x: e.clientX, y: e.clientY }));
    });
    function lift(e) {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (pointers.size === 0) {
        dragging = false;
        svg.classList.remove("dragging");
      }
    }
    svg.addEventListener("pointerup", lift);
    svg.addEventListener("pointercancel", lift);
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      zoom(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), e.clientX, e.clientY);
    }, { passive: false });

    return {
      svg: svg, zoom: zoom, panBy: panBy, show: show, reset: reset, toSvg: toSvg,
      box: () => Object.assign({}, box), home: () => Object.assign({}, home),
      onChange: (f) => listeners.push(f), sized: sized, pixels: pixels,
    };
  }

  function bindZoomButtons(view, root) {
    root.querySelectorAll("[data-zoom]").forEach((button) => {
      button.addEventListener("click", () => {
        const how = button.dataset.zoom;
        if (how === "in") view.zoom(1.6);
        else if (how === "out") view.zoom(1 / 1.6);
        else view.reset();
      });
    });
  }

  /* Which SVG elements make up a layer the page toggles. */
  const LAYER_PARTS = {
    rhumbs: ["#rhumbs", "#roses"],
    ports: ["#ports", "#ports-ink", "[id^='port-']", "#leader", "#port-hits"],
  };
  function layerElements(svg, layer) {
    const parts = LAYER_PARTS[layer] || ["#" + layer];
    return parts.flatMap((sel) => [...svg.querySelectorAll(sel)]);
  }
  function setLayer(svg, layer, on) {
    layerElements(svg, layer).forEach((el) => { el.style.display = on ? "" : "none"; });
  }

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /* The port's card: nation, fortified, its waters, and a night in its bar. */
  function showCard(card, data, x, y) {
    card.replaceChildren();
    card.appendChild(el("h2", {}, data.name));
    const facts = el("p", { class: "facts" });
    facts.textContent =
      `${data.nation_name} · ${data.fortified ? "fortified" : "open"}` +
      (data.native ? " · an islanders' harbour" : "") +
      (data.roles.length ? ` · ${data.roles.join(", ").replaceAll("_", " ")}` : "");
    card.appendChild(facts);
    const w = data.waters;
    let waters = w.lies_in ? `In ${w.lies_in}'s protected waters.` : "In nobody's protected waters.";
    if (w.guards_nodes) waters += ` Its fort guards ${w.guards_nodes} places of sea, ${w.guards_days} days out.`;
    card.appendChild(el("p", { class: "waters" }, waters));
    if (data.bar) {
      card.appendChild(el("h3", {}, `The bar, day ${data.day} of world seed ${data.seed} (${data.round_gold} gold a round)`));
      const list = el("ol", { class: "bar" });
      data.bar.forEach((r) => list.appendChild(el("li", { class: r.heard ? "heard" : "nothing" }, r.text)));
      card.appendChild(list);
    } else if (data.no_bar) {
      card.appendChild(el("p", {}, data.no_bar));
    }
    card.hidden = false;
    const area = card.parentElement.getBoundingClientRect();
    card.style.left = Math.max(0, Math.min(x + 14, area.width - card.offsetWidth - 10)) + "px";
    card.style.top = Math.max(0, y - 10) + "px";
  }

  /* The radius, in the SVG's units, of a mark drawn `units` across at the woodcut's own size
     but kept from `px[0]` to `px[1]` pixels on screen (k: screen pixels a unit). */
  function radiusOn(k, units, px) {
    return Math.min(px[1], Math.max(px[0], units * k)) / k;
  }

  function portHits(view, ports, onPort) {
    const svg = view.svg;
    const group = document.createElementNS(SVG_NS, "g");
    group.setAttribute("id", "port-hits");
    ports.forEach((p) => {
      const c = document.createElementNS(SVG_NS, "circle");
      c.setAttribute("cx", p.x);
      c.setAttribute("cy", p.y);
      c.setAttribute("r", 5);
      c.setAttribute("class", "port-hit");
      c.setAttribute("data-port", p.name);
      const title = document.createElementNS(SVG_NS, "title");
      title.textContent = p.name;
      c.appendChild(title);
      group.appendChild(c);
    });
    svg.appendChild(group);
    const hits = [...group.children];
    view.sized((k) => {
      const r = radiusOn(k, 5, HIT_PX).toFixed(3);
      hits.forEach((c) => c.setAttribute("r", r));
    });
    let asked = null;
    function ask(e) {
      const name = e.target.getAttribute && e.target.getAttribute("data-port");
      if (!name || name === asked) return;
      asked = name;
      onPort(name, e);
    }
    group.addEventListener("pointerover", ask);
    group.addEventListener("click", (e) => { asked = null; ask(e); });
    return group;
  }

  async function getJSON(url) {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    const body = await response.json();
    if (!response.ok) throw new Error(body.error || response.statusText);
    return body;
  }

  function swapFlows(svg, markup) {
    const parsed = new DOMParser().parseFromString(
      `<svg xmlns="${SVG_NS}">${markup}</svg>`, "image/svg+xml");
    const fresh = parsed.querySelector("#flows");
    const old = svg.querySelector("#flows");
    if (!fresh || !old) return;
    old.replaceWith(document.importNode(fresh, true));
  }

  function chartPage() {
    const area = document.getElementById("chart-area");
    const svg = area.querySelector("svg");
    const view = View(svg);
    window.privateerView = view;
    bindZoomButtons(view, document);
    document.querySelectorAll("[data-layer]").forEach((box) => {
      setLayer(svg, box.dataset.layer, box.checked);
      box.addEventListener("change", () => setLayer(svg, box.dataset.layer, box.checked));
    });
    const card = document.getElementById("port-card");
    area.appendChild(card);
    const ports = JSON.parse(document.getElementById("ports-data").textContent);
    portHits(view, ports, async (name, e) => {
      const seed = document.getElementById("card-seed").value || 0;
      const day = document.getElementById("card-day").value || 0;
      const r = area.getBoundingClientRect();
      try {
        const data = await getJSON(`/api/ports/${encodeURIComponent(name)}?seed=${seed}&day=${day}`);
        showCard(card, data, e.clientX - r.left, e.clientY - r.top);
      } catch (err) {
        card.replaceChildren(el("p", { class: "error" }, `${name}: ${err.message}`));
        card.hidden = false;
      }
    });
    svg.addEventListener("pointerdown", (e) => {
      if (!e.target.classList || !e.target.classList.contains("port-hit")) card.hidden = true;
    });
    const flowsBox = document.querySelector("[data-layer='flows']");
    document.getElementById("season").addEventListener("change", async (e) => {
      const season = e.target.value;
      if (!season) {
        swapFlows(svg, '<g id="flows"></g>');
        return;
      }
      const data = await getJSON(`/api/chart/flows/${season}`);
      swapFlows(svg, data.group);
      flowsBox.checked = true;
      setLayer(svg, "flows", true);
    });
  }

  window.privateerChart = { View: View, bindZoomButtons: bindZoomButtons, setLayer: setLayer,
    getJSON: getJSON, el: el, chartPage: chartPage, radiusOn: radiusOn, HIT_PX: HIT_PX };
})();
