/* The woodcut in the page: pan (drag), zoom (wheel, pinch, buttons) through the SVG's viewBox,
   drawn once a frame (requestAnimationFrame), never re-rendered; layers toggled by their SVG
   groups; a port's card on hover or tap; the flow by season. Plain JavaScript, no library. */
"use strict";
(function () {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const MIN_WIDTH_SHARE = 1 / 60; // zoomed in at most sixty times
  const LABEL_MAX_PX = 22; // a name grows with the zoom up to this size on screen, no further

  /* A view over an SVG: its viewBox moved and scaled, written once a frame. */
  function View(svg) {
    const base = svg.viewBox.baseVal;
    const home = { x: base.x, y: base.y, w: base.width, h: base.height };
    let box = Object.assign({}, home);
    let pending = false;
    const labels = [...svg.querySelectorAll("text")].map((t) =>
      ({ t: t, size: parseFloat(getComputedStyle(t).fontSize) }));
    let labelScale = 0;
    /* names keep their drawn size until it would pass LABEL_MAX_PX on screen */
    function fitLabels() {
      const r = svg.getBoundingClientRect();
      const k = Math.min(r.width / box.w, r.height / box.h); // screen pixels a unit
      if (!(k > 0) || Math.abs(k - labelScale) < 1e-9) return;
      labelScale = k;
      labels.forEach((l) => {
        l.t.style.fontSize = Math.min(l.size, LABEL_MAX_PX / k) + "px";
      });
    }
    const listeners = [];

    function clamp(b) {
      const w = Math.min(home.w, Math.max(home.w * MIN_WIDTH_SHARE, b.w));
      const h = w * (home.h / home.w);
      const x = Math.min(home.x + home.w - w, Math.max(home.x, b.x));
      const y = Math.min(home.y + home.h - h, Math.max(home.y, b.y));
      return { x: x, y: y, w: w, h: h };
    }
    function draw() {
      pending = false;
      svg.setAttribute("viewBox", [box.x, box.y, box.w, box.h].map((v) => v.toFixed(2)).join(" "));
      fitLabels();
      listeners.forEach((f) => f(box));
    }
    function set(b) {
      box = clamp(b);
      if (!pending) {
        pending = true;
        requestAnimationFrame(draw);
      }
    }
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

    // dragging and pinching, by pointer events (mouse, pen and touch alike)
    const pointers = new Map();
    let pinch = null;
    svg.addEventListener("pointerdown", (e) => {
      if (e.button !== undefined && e.button > 0) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      svg.setPointerCapture(e.pointerId);
      svg.classList.add("dragging");
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = Math.hypot(a.x - b.x, a.y - b.y);
      }
    });
    svg.addEventListener("pointermove", (e) => {
      const last = pointers.get(e.pointerId);
      if (!last) return;
      if (pointers.size === 1) {
        panBy(e.clientX - last.x, e.clientY - last.y);
      } else if (pointers.size === 2 && pinch) {
        pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (d > 0) zoom(d / pinch, (a.x + b.x) / 2, (a.y + b.y) / 2);
        pinch = d;
        return;
      }
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    });
    function lift(e) {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (pointers.size === 0) svg.classList.remove("dragging");
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
      onChange: (f) => listeners.push(f),
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
    card.style.left = Math.min(x + 14, area.width - 340) + "px";
    card.style.top = Math.max(0, y - 10) + "px";
  }

  function portHits(svg, ports, onPort) {
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
    portHits(svg, ports, async (name, e) => {
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
    getJSON: getJSON, el: el, chartPage: chartPage };
})();
