"""Words and pictures for the hex duel in a terminal: the board, the two ships' status, one line
per event, the keys, and what a person types turned into action codes. No rules live here:
everything shown comes from a view (`observe` / `debug_view`) or an event."""

from __future__ import annotations

import re
from typing import Any

from privateer.engine.duel import ACTION_WORDS, FACING_NAMES, Event, hex_name

ARROWS = ("→", "↘", "↙", "←", "↖", "↗")  # by facing: E SE SW W NW NE
SHIP_LETTERS = {"red": "R", "blue": "B"}
WATER = "·"
COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

ALIASES = {
    "ahead": "m0",
    "forward": "m0",
    "left": "ml",
    "right": "mr",
    "port": "tl",
    "starboard": "tr",
    "fire": "f",
    "ball": "rb",
    "chain": "rc",
    "grape": "rg",
    "hull": "ph",
    "sails": "ps",
    "flee": "x",
    "end": "e",
    "done": "e",
}

KEYS_HELP = """\
Move (each costs 1 Move):
  m0  move ahead            ml / mr  move forward-left / forward-right (and face that way)
  tl / tr  turn 60 degrees in place to port / starboard
One action a turn, before or after moving:
  f   fire the loaded gun (the enemy on a broadside, in range)
  rb / rc / rg  reload with ball (hull, range 2-4) / chain (sails, 1-2) / grape (crew, 1)
  ph / ps  repair hull / sails: before moving, costs 2 Move, lands next turn (needs 2 Crew)
  x   flee (16+ hexes from the enemy, undamaged this round)
  e   end your turn
Several at once: "m0 m0 mr f e"; a count repeats one: "3m0". Words work too: ahead, left,
right, port, starboard, fire, ball, chain, grape, hull, sails, flee, end."""

_TOKEN = re.compile(r"^(\d)?([a-z0-9]+)$")


def _name(side: str) -> str:
    return side.capitalize()


def _facing(facing: int) -> str:
    return f"{ARROWS[facing]} {FACING_NAMES[facing]}"


def board_lines(view: dict[str, Any]) -> list[str]:
    """The hex board as text: each hex two characters, odd rows half a hex to the right;
    a ship is its letter and an arrow for her facing; the wind under the board.

    >>> from privateer.engine.duel import create_duel, observe
    >>> state, _ = create_duel(7, "bold")
    >>> lines = board_lines(observe(state, 0))
    >>> lines[0].split()[:3], "R→" in lines[8], "B←" in lines[9]
    (['A', 'B', 'C'], True, True)
    """
    cols = view["board"]["cols"]
    rows = view["board"]["rows"]
    ships = {}
    for who in ("you", "enemy"):
        ship = view[who]
        ships[(ship["col"], ship["row"])] = SHIP_LETTERS[ship["side"]] + ARROWS[ship["facing"]]
    lines = ["    " + " ".join(COLUMN_LETTERS[c] for c in range(cols))]
    for row in range(rows):
        cells = "".join(ships.get((col, row), WATER + " ") for col in range(cols))
        lines.append(f"{row + 1:>3} " + (" " if row % 2 else "") + cells.rstrip())
    lines.append(wind_line(view))
    return lines


def wind_line(view: dict[str, Any]) -> str:
    """The wind: where it blows and where from, or calm and where it last came from."""
    wind = view["wind"]
    if wind["calm"]:
        return f"Wind: calm (last from {FACING_NAMES[wind['from']]})"
    to = wind["to"]
    return f"Wind: {ARROWS[to]} blowing to {FACING_NAMES[to]}, from {FACING_NAMES[wind['from']]}"


def _bar(value: int, full: int) -> str:
    return f"{'#' * value}{'.' * max(0, full - value)} {value}/{full}"


def _ship_line(label: str, ship: dict[str, Any]) -> str:
    top = ship["max"]
    gun = ship.get("loaded")
    gun_text = "?" if gun is None else gun or "empty"
    repair = f"  repairing {ship['pending']}" if ship["pending"] else ""
    hurt = "  (hit this round)" if ship["hurt"] else ""
    return (
        f"{label:<13} {hex_name((ship['col'], ship['row'])):<4} {_facing(ship['facing']):<5}"
        f"  hull {_bar(ship['hull'], top['hull'])}  sails {_bar(ship['sails'], top['sails'])}"
        f"  crew {_bar(ship['crew'], top['crew'])}  gun {gun_text}{repair}{hurt}"
    )


def status_lines(view: dict[str, Any]) -> list[str]:
    """Both ships as `observe` shows them (the enemy's gun stays "?"), the range, whose
    turn it is, and what may be typed now."""
    you = view["you"]
    enemy = view["enemy"]
    lines = [
        f"Round {view['round']}/{view['max_rounds']}  ·  {_name(view['to_act'])} to act",
        _ship_line(f"You ({you['side']})", you),
        _ship_line(f"Enemy ({enemy['side']})", enemy),
        f"Range {view['distance']}: the enemy bears on your {view['bearing']}; you bear on "
        f"her {view['enemy_bearing']}.  Fleeing needs {view['flee_distance']}.",
    ]
    if view["outcome"] is not None:
        lines.append(f"Over: {view['outcome']['termination']}")
    elif view["to_act"] == view["as"]:
        action = "taken" if view["acted"] else "free"
        lines.append(f"Move left {view['mp']}  ·  action {action}")
        lines.append("You may: " + "  ".join(view["legal"]))
    return lines


def debug_lines(view: dict[str, Any]) -> list[str]:
    """The debug panel (it spoils the game): seed, RNG, personalities, postures, both guns."""
    debug = view.get("debug")
    if not debug:
        return ["(no debug view)"]
    lines = ["DEBUG (spoilers)", f"seed {debug['seed']}", f"rng  {debug['rng']}"]
    postures = debug.get("postures", {})
    for side, personality in debug["captains"].items():
        who = personality or "a person"
        extra = f", {postures[side]}" if side in postures else ""
        lines.append(f"{_name(side)}: {who}{extra}")
    for side, loaded in debug["loaded"].items():
        lines.append(f"{_name(side)} gun: {loaded or 'empty'}")
    return lines


_WIND_WORDS = {
    "set": "The wind sets in",
    "hold": "The wind holds",
    "veer": "The wind veers",
    "back": "The wind backs",
    "calm": "The wind falls calm",
    "still": "It stays calm",
    "return": "The wind returns",
}
_END_WORDS = {
    "sunk": "{loser} is sunk: {winner} wins",
    "struck": "{loser} strikes her colours: {winner} wins",
    "fled": "{fled} escapes: nobody sank, nobody struck",
    "round_limit": "The ships part: the round limit is reached",
}


def event_line(event: Event) -> str | None:
    """One line for an event, or None for one not worth a line.

    >>> event_line(Event("move", 2, {"side": "red", "action": "m0", "col": 6, "row": 7,
    ...                              "facing": 0, "mp": 3}))
    'Red moves to G8, facing → E (3 Move left)'
    """
    d: dict[str, Any] = event.data if isinstance(event.data, dict) else {}
    who = _name(str(d.get("side", "")))
    kind = event.kind
    if kind == "duel_start":
        red = d["red"]
        blue = d["blue"]
        return (
            f"The duel begins (seed {d['seed']}, rules {d['rules']}): Red at "
            f"{hex_name((red[0], red[1]))} facing {FACING_NAMES[red[2]]}, Blue at "
            f"{hex_name((blue[0], blue[1]))} facing {FACING_NAMES[blue[2]]}"
        )
    if kind == "wind":
        words = _WIND_WORDS.get(d["change"], "The wind changes")
        where = "" if d["calm"] else f", blowing to {FACING_NAMES[d['to']]}"
        return f"{words}{where} (d6: {d['roll']})"
    if kind == "activation":
        wind = f", wind {d['wind_modifier']:+d}" if d["wind_modifier"] else ""
        return f"{who}'s turn: {d['mp']} Move{wind}"
    if kind == "repaired":
        return f"{who}'s repair is done: {d['stat']} {d['value']}"
    if kind == "drift":
        if d["blocked"]:
            return f"{who} would drift downwind, but cannot"
        return f"{who} drifts downwind to {hex_name((d['col'], d['row']))}"
    if kind in ("move", "turn"):
        facing = _facing(d["facing"])
        if kind == "move":
            where = hex_name((d["col"], d["row"]))
            return f"{who} moves to {where}, facing {facing} ({d['mp']} Move left)"
        return f"{who} turns to face {facing} ({d['mp']} Move left)"
    if kind == "repair":
        return f"{who}'s crew set to repairing the {d['stat']} (done next turn)"
    if kind == "fire":
        target = "Blue" if d["side"] == "red" else "Red"
        through = (
            f"{d['through']} broadside" if d["through"] in ("port", "starboard") else d["through"]
        )
        return (
            f"{who} fires {d['shot']} at range {d['range']} into {target}'s {through}: "
            f"{d['damage']} {d['stat']} ({target} {d['stat']} {d['left']})"
        )
    if kind == "reload":
        return f"{who} reloads with {d['shot']}" if d.get("shot") else f"{who} reloads"
    if kind == "escape":
        return f"{who} flees at {d['distance']} hexes"
    if kind == "pass":
        return f"{who}'s turn ends" + (" (nothing left to do)" if d["auto"] else "")
    if kind == "illegal_action":  # only in a replay: the log parts from the engine here
        return f"the log parts from the engine at {d['action']}: {d['why']}"
    if kind == "duel_end":
        winner = _name(str(d.get("winner") or ""))
        loser = "Blue" if winner == "Red" else "Red"
        return _END_WORDS[d["outcome"]].format(
            winner=winner, loser=loser, fled=_name(str(d.get("fled") or ""))
        )
    return None


def parse_command(text: str) -> list[str]:
    """What a person typed, as action codes; ValueError with a one-line message if any part
    is not an action.

    >>> parse_command("2m0, mr  fire e")
    ['m0', 'm0', 'mr', 'f', 'e']
    >>> parse_command("jump")
    Traceback (most recent call last):
    ...
    ValueError: 'jump' is not an action; type m0 ml mr tl tr f rb rc rg ph ps x e (or help)
    """
    tokens = [t for t in re.split(r"[\s,;]+", text.strip().lower()) if t]
    if not tokens:
        raise ValueError("nothing typed; type an action such as m0 (move ahead) or e (end turn)")
    codes: list[str] = []
    for token in tokens:
        match = _TOKEN.match(token)
        count, word = (match.group(1), match.group(2)) if match else (None, token)
        code = ALIASES.get(word, word)
        if code not in ACTION_WORDS or (count is not None and int(count) == 0):
            known = " ".join(ACTION_WORDS)
            raise ValueError(f"{token!r} is not an action; type {known} (or help)")
        codes.extend([code] * int(count or 1))
    return codes
