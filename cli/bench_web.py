"""`privateer bench web`: how fast the web front end answers, from the server's side (Starlette's
TestClient, no network) and in Debian's chromium (Playwright, the app served on a free port):
the chart page's first paint (of a new world's first visit too, its chart drawn by `world
build` as it is for the whole world), a day of scrubbing a logged run, and an action in play.
Medians of --runs; the first of each apart (it draws the woodcut, or replays the run, once).
Works on a copy of the database, so the voyages it plays never land in yours."""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from privateer.cli.common import Output, existing_db, fail, note, user_errors
from privateer.cli.options import int_option

MEDIAN_RUNS_MAX = 100
PLAY_SEED = 6  # full rules out of Plymouth
AIMS_MS = {
    "chart": 1000.0,
    "chart_kept": 1000.0,
    "chart_whole": 1000.0,
    "chart_built": 1000.0,
    "scrub": 100.0,
    "action": 100.0,
}
WHAT = {
    "chart": "the chart page (in the browser: its first paint)",
    "chart_kept": "the chart page, first after a restart (the woodcut kept on disk)",
    "chart_whole": "the chart page, loaded and drawn",
    "chart_built": "a new world's first chart page, drawn by `world build` (first paint)",
    "scrub": "a day scrubbed on a run",
    "action": "an action in play",
}

# In the browser: each a promise of milliseconds, from the input to the frame that shows it.
SCRUB_JS = """async (day) => {
  const slider = document.getElementById("day");
  const ship = document.getElementById("run-ship");
  const started = performance.now();
  slider.value = day;
  slider.dispatchEvent(new Event("input", { bubbles: true }));
  await new Promise((done) => {
    const look = () =>
      (ship.dataset.day === String(day) ? done(null) : requestAnimationFrame(look));
    look();
  });
  await new Promise((done) => requestAnimationFrame(() => done(null)));
  return performance.now() - started;
}"""
ACTION_JS = """async (action) => {
  const root = document.getElementById("play");
  const log = document.getElementById("log");
  const lines = log.childElementCount;
  const button = document.querySelector(`#actions button[data-action="${action}"]`);
  const started = performance.now();
  button.click();
  await new Promise((done) => {
    const look = () => (!root.classList.contains("busy") && log.childElementCount > lines)
      ? done(null) : requestAnimationFrame(look);
    look();
  });
  await new Promise((done) => requestAnimationFrame(() => done(null)));
  return performance.now() - started;
}"""
PAINT_JS = """() => new Promise((done) => {
  const shown = performance.now();  // after the load event: the chart in the page, drawn
  new PerformanceObserver((list, observer) => {
    const paint = list.getEntriesByName("first-contentful-paint")[0];
    if (paint) { observer.disconnect(); done({ paint: paint.startTime, shown: shown }); }
  }).observe({ type: "paint", buffered: true });
})"""


def web(
    ctx: typer.Context,
    runs: int = int_option(5, "--runs", 1, MEDIAN_RUNS_MAX, "Times each is measured (median)."),
    browser: bool = typer.Option(
        True, "--browser/--no-browser", help="Also in Debian's chromium (Playwright)."
    ),
    output: Output = Output(),
) -> None:
    """Time the web front end: the chart page's first paint, a day scrubbed on a logged voyage
    and an action in play, from the server's side and in the browser (medians of --runs; the
    first apart). The database must hold a world (`world build`); a copy of it is used, with a
    voyage logged in the copy if it holds none."""
    from privateer.cli.browser import browser_missing

    source = existing_db(ctx)
    if browser and (reason := browser_missing()) is not None:
        fail(f"{reason}; or --no-browser")
    with tempfile.TemporaryDirectory(prefix="privateer-bench-web-") as folder:
        db = Path(folder) / "bench.duckdb"
        shutil.copyfile(source, db)
        run_id = _logged_voyage(ctx, db)
        rows = _server(db, Path(folder) / "cache-server", run_id, runs)
        if browser:
            rows += _browser(db, Path(folder) / "cache-browser", run_id, runs)
            rows.append(_built_browser(db, Path(folder) / "cache-built", runs))
    output.rows(
        rows,
        ["measure", "side", "first_ms", "median_ms", "aim_ms", "over_aim", "runs"],
        title="the web front end (milliseconds)",
    )


def _logged_voyage(ctx: typer.Context, db: Path) -> int:
    """A logged voyage of the copy (the newest), logging one first if it holds none."""
    from privateer.db.run_list import newest_finished_run

    with user_errors():  # a file that is no database: one line
        found = newest_finished_run(db, "voyage")
    if found is None:
        from click.testing import CliRunner

        note("logging a voyage in the copy to scrub (120 days)")
        args = ["--db", str(db), "voyage", "--runs", "1", "--days", "120", "--workers", "1"]
        # the command line this command is part of, as click holds it (no import of cli/app,
        # which imports this module)
        command = ctx.find_root().command
        result = CliRunner().invoke(command, [*args, "--log", "--quiet", "--json"])
        if result.exit_code != 0:
            fail(f"could not log a voyage to scrub: {result.output.strip()}")
        found = newest_finished_run(db, "voyage")
    if found is None:
        fail("no logged voyage to scrub")
    return found


def _row(measure: str, side: str, first: float, times: list[float]) -> dict[str, Any]:
    median = statistics.median(times) if times else first
    aim = AIMS_MS[measure]
    return {
        "measure": WHAT[measure],
        "side": side,
        "first_ms": round(first, 1),
        "median_ms": round(median, 1),
        "aim_ms": aim,
        "over_aim": round(median / aim, 2),
        "runs": len(times),
    }


def _timed(call: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    answer = call()
    return (time.perf_counter() - started) * 1000.0, answer


def _next_action(state: dict[str, Any]) -> str:
    """The action to time: a day ("sail": in port a day there) when it is open, else whatever
    waits on her first (a meeting, a question, a fight's keep)."""
    actions = [a["action"] for a in state["actions"]]
    if not actions:
        fail("the voyage being timed is over")
    return "sail" if "sail" in actions else str(actions[0])


def _server(db: Path, cache: Path, run_id: int, runs: int) -> list[dict[str, Any]]:
    """Starlette's TestClient: the request through the app, no network and no browser."""
    from starlette.testclient import TestClient

    from privateer.cli.web import chart_cache
    from privateer.cli.web.app import create_app

    chart_cache._MEMORY.clear()
    with TestClient(
        create_app(db, cache_dir=cache, draw_at_start=False), base_url="http://localhost"
    ) as client:

        def get(path: str) -> float:
            took, answer = _timed(lambda: client.get(path))
            if answer.status_code != 200:
                fail(f"GET {path}: {answer.status_code}")
            return took

        first_chart = get("/")
        charts = [get("/") for _ in range(runs)]
        first_day = get(f"/api/runs/{run_id}/days/0")
        days = [get(f"/api/runs/{run_id}/days/{d}") for d in range(1, runs + 1)]
        acts = _actions(client, runs)
    kept = _kept_charts(db, cache, runs)
    return [
        _row("chart", "server", first_chart, charts),
        _row("chart_kept", "server", kept[0], kept[1:]),
        _row("scrub", "server", first_day, days),
        _row("action", "server", acts[0], acts[1:]),
    ]


def _actions(client: Any, runs: int) -> list[float]:
    """A voyage started, and runs + 1 actions played in it, each timed."""
    started = client.post("/api/play/new", json={"seed": PLAY_SEED, "rules": "full"})
    if started.status_code != 201:
        fail(f"could not start a voyage: {started.text}")
    play_id, state = started.json()["run_id"], started.json()["state"]
    acts: list[float] = []
    for _ in range(runs + 1):
        action = _next_action(state)
        path, body = f"/api/play/{play_id}/act", {"action": action}
        took, answer = _timed(lambda: client.post(path, json=body))  # noqa: B023 (called here)
        if answer.status_code != 200:
            fail(f"{action}: {answer.text}")
        state = answer.json()["state"]
        acts.append(took)
    return acts


def _kept_charts(db: Path, cache: Path, runs: int) -> list[float]:
    """A restarted server's first chart page, runs + 1 times: the woodcut read from the disk
    (the process's memory of it forgotten each time)."""
    from starlette.testclient import TestClient

    from privateer.cli.web import chart_cache
    from privateer.cli.web.app import create_app

    kept: list[float] = []
    for _ in range(runs + 1):
        chart_cache._MEMORY.clear()
        with TestClient(
            create_app(db, cache_dir=cache, draw_at_start=False), base_url="http://localhost"
        ) as restarted:
            took, answer = _timed(lambda: restarted.get("/"))
        if answer.status_code != 200:
            fail(f"GET / after a restart: {answer.status_code}")
        kept.append(took)
    return kept


def _browser(db: Path, cache: Path, run_id: int, runs: int) -> list[dict[str, Any]]:
    """Debian's chromium: from the input (a navigation, the slider moved, a button clicked) to
    the frame that shows its answer, by the page's own performance clock."""
    import json
    import urllib.request

    from privateer.cli.browser import chromium, served
    from privateer.cli.web import chart_cache
    from privateer.cli.web.app import create_app

    chart_cache._MEMORY.clear()
    with served(create_app(db, cache_dir=cache)) as url, chromium() as context:
        paints: list[float] = []
        wholes: list[float] = []
        for _ in range(runs + 1):
            page = context.new_page()
            page.goto(url + "/", timeout=600_000)
            found = page.evaluate(PAINT_JS)
            page.close()
            if found["paint"] is None:
                fail("the chart page painted nothing")
            paints.append(float(found["paint"]))
            wholes.append(float(found["shown"]))

        page = context.new_page()
        page.goto(f"{url}/runs/{run_id}", timeout=600_000)
        page.wait_for_function("document.getElementById('run-ship').dataset.day === '0'")
        steps = [float(page.evaluate(SCRUB_JS, day)) for day in range(1, runs + 2)]
        page.close()

        request = urllib.request.Request(
            url + "/api/play/new",
            data=json.dumps({"seed": PLAY_SEED, "rules": "full"}).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=600) as answer:
            play_id = json.load(answer)["run_id"]
        page = context.new_page()
        page.goto(f"{url}/play/{play_id}")
        page.wait_for_function("document.getElementById('day').textContent !== ''")
        acts: list[float] = []
        for _ in range(runs + 1):
            action = page.evaluate(
                """() => { const b = [...document.querySelectorAll("#actions button")];
                  const sail = b.find((x) => x.dataset.action === "sail");
                  return (sail || b[0]).dataset.action; }"""
            )
            acts.append(float(page.evaluate(ACTION_JS, action)))
        page.close()
    return [
        _row("chart", "browser", paints[0], paints[1:]),
        _row("chart_whole", "browser", wholes[0], wholes[1:]),
        _row("scrub", "browser", steps[0], steps[1:]),
        _row("action", "browser", acts[0], acts[1:]),
    ]


def _built_browser(db: Path, cache: Path, runs: int) -> dict[str, Any]:
    """A new world's first visit as `world build` leaves it: the chart drawn into the cache
    folder (as the build of the whole world does; not timed), then runs + 1 servers started
    afresh, each one's first visit's first paint in chromium (the chart read from the disk)."""
    from privateer.cli.browser import chromium, served
    from privateer.cli.web import chart_cache
    from privateer.cli.web.app import create_app
    from privateer.db import open_database

    engine = open_database(db, read_only=True, pooled=False, notify=lambda _: None)
    try:
        chart_cache.keep_built(engine, cache)
    finally:
        engine.dispose()
    paints: list[float] = []
    with chromium() as context:
        for _ in range(runs + 1):
            chart_cache._MEMORY.clear()
            with served(create_app(db, cache_dir=cache)) as url:
                page = context.new_page()
                page.goto(url + "/", timeout=600_000)
                found = page.evaluate(PAINT_JS)
                page.close()
            if found["paint"] is None:
                fail("the chart page painted nothing")
            paints.append(float(found["paint"]))
    return _row("chart_built", "browser", paints[0], paints[1:])
