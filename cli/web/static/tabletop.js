// The tabletop game in the browser: one page for everyone at the table. Between turns it shows
// the table and a cover ("Pass to France"); only the person named takes the seat, and only then
// is that seat's hand fetched (/api/tabletop/{run}?seat=france) and drawn. The server decides
// every rule and plays the bots; this draws what it sends and sends the play clicked.
"use strict";
(function () {
  const root = document.getElementById("tabletop");
  if (!root) return;
  const runId = root.dataset.run;
  const api = "/api/tabletop/" + runId;
  const { $, el } = window.dom;
  const cap = (name) => name.charAt(0).toUpperCase() + name.slice(1);
  let seat = null; // the person shown the seat now (null: nobody, the cover is up)
  let busy = false;

  function log(lines, cls) {
    const box = $("log");
    for (const line of lines) box.appendChild(el("div", { class: cls || "line" }, line));
    box.scrollTop = box.scrollHeight;
  }

  function lines(box, texts) {
    box.replaceChildren(...texts.map((t) => el("div", {}, t)));
  }

  function show(state) {
    $("header").textContent = state.header;
    lines($("table"), state.table);
    lines($("raid"), state.raid || []);
    $("outcome").textContent = state.outcome || "";
    const mine = $("mine");
    const cover = $("cover");
    if (state.over) {
      seat = null;
      mine.hidden = true;
      cover.hidden = true;
      return;
    }
    if (seat !== state.to_act) seat = null; // another person's turn: the seat is given up
    if (seat === null && state.people.length === 1) {
      take(state.people[0]); // one person at the table: nobody to hide the hand from
      return;
    }
    if (seat === null || !state.yours) {
      mine.hidden = true;
      $("hand").replaceChildren();
      $("plays").replaceChildren();
      cover.hidden = false;
      const who = cap(state.to_act);
      $("pass-words").textContent = "Pass to " + who + ".";
      $("take-seat").textContent = "I am " + who + ": show my hand";
      $("take-seat").dataset.nation = state.to_act;
      return;
    }
    cover.hidden = true;
    mine.hidden = false;
    $("hand-title").textContent = cap(seat) + "'s hand (" + state.hand.length + ")";
    $("hand").replaceChildren(
      ...state.hand.map((card) => el("li", {}, "#" + card.id + " " + card.words))
    );
    $("plays").replaceChildren(
      ...state.plays.map((play, i) => {
        const button = el("button", { type: "button", "data-action": play.action },
          (i + 1) + ". " + play.words);
        button.addEventListener("click", () => act(play.action));
        return button;
      })
    );
  }

  async function call(url, options) {
    if (busy) return null;
    busy = true;
    root.classList.add("busy");
    $("reason").textContent = "";
    try {
      const response = await fetch(url, options);
      const body = await response.json();
      if (!response.ok) {
        $("reason").textContent = body.error;
        return null;
      }
      return body;
    } catch (error) {
      $("reason").textContent = "the server did not answer: " + error;
      return null;
    } finally {
      busy = false;
      root.classList.remove("busy");
    }
  }

  async function load(nation) {
    const query = nation ? "?seat=" + encodeURIComponent(nation) : "";
    const body = await call(api + query, { headers: { accept: "application/json" } });
    if (!body) return;
    log(body.lines);
    show(body.state);
  }

  function take(nation) {
    seat = nation;
    load(nation);
  }

  async function act(action) {
    const body = await call(api + "/act", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ seat: seat, action: action }),
    });
    if (!body) return;
    log(body.lines);
    show(body.state);
  }

  $("take-seat").addEventListener("click", (event) => take(event.target.dataset.nation));
  const opening = sessionStorage.getItem("tabletop-opening-" + runId);
  if (opening) {
    log(JSON.parse(opening));
    sessionStorage.removeItem("tabletop-opening-" + runId);
  }
  if (root.dataset.over) {
    $("outcome").textContent = "This game is over: its run page has how it went.";
    const link = el("a", { href: "/runs/" + runId }, "run " + runId);
    $("outcome").append(" ", link);
    return;
  }
  load(null);
})();
