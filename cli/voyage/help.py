"""`help` in `play`: every command with one line, grouped by where it can be used; `help CMD`
that one command with an example; `help TOPIC` what a topic's lines mean (the read of a ship,
the letters of marque, Drake's circuit)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from privateer.cli.voyage.raid import HELP_MORE as RAID_HELP
from privateer.cli.voyage.render import CIRCUIT_HELP, LETTER_HELP, READ_HELP
from privateer.engine.fight import CREW, UPGRADES
from privateer.engine.voyage import SHIP_ORDER


@dataclass(frozen=True)
class Command:
    where: str  # the group `help` lists it under: always, sailing, in port, ...
    usage: str
    line: str  # what it does, in one line
    example: str
    more: str = ""  # what `help CMD` adds


COMMANDS: dict[str, Command] = {
    "sheet": Command("always", "sheet", "the ship sheet: hull, gold, morale, crew, cards", "sheet"),
    "politics": Command(
        "always", "politics", "wars, your standing with each nation, pirate or not", "politics"
    ),
    "sight": Command("always", "sight", "the ships your lookout sees", "sight"),
    "rumors": Command("always", "rumors", "what the bars and prisoners told you", "rumors"),
    "port": Command("always", "port", "the port you are in: what it offers, what it costs", "port"),
    "letter": Command(
        "always",
        "letter",
        "your letter of marque, how far it is done, where it sends you and by when",
        "letter",
        "its region (dashed on `chart FILE`) and the towns of its nation there, each with the "
        "days' sail from you against the deadline",
    ),
    "circuit": Command("always", "circuit", "Drake's circuit: the places touched", "circuit"),
    "where": Command(
        "always", "where", "where you are: whose waters, strait, bank, the sea", "where"
    ),
    "chart": Command(
        "always",
        "chart FILE [--force]",
        "draw the sea round you with your track",
        "chart here.png",
        "a .png or .svg file; one already there is kept unless --force",
    ),
    "help": Command("always", "help [CMD]", "the commands; help CMD: one of them", "help go"),
    "quit": Command(
        "always",
        "quit",
        "stop here; the run is saved and `privateer play --resume` picks it up",
        "quit",
    ),
    "course": Command(
        "sailing",
        "course PORT|PLACE|LON,LAT",
        "set where you are bound (no time passes); says the days and nm to go",
        "course Lisbon",
        "then `go` sails there; a PLACE is a cape, strait, bank, river mouth or sea (`course"
        " Cape St Vincent`, `course grand banks`); `course -9.1,38.7` sails to the sea's"
        " nearest point (not a point on land, nor beyond this world's waters); names fold case,"
        " accents, hyphens and spaces, words enough to tell one will do, and a slip gets a"
        " suggestion to take (y/N)",
    ),
    "sail": Command(
        "sailing",
        "sail",
        "one day: a step along your course, or a day waiting in port",
        "sail",
    ),
    "go": Command(
        "sailing",
        "go",
        "sail on along your course until something stops you",
        "course Lisbon, then go",
        "a ship alongside, arrival, news of war stop you; with no course set it does nothing",
    ),
    "wait": Command(
        "in port",
        "wait N",
        "idle N days in port (more than a few asks first)",
        "wait 2",
        "the clock runs on while you wait",
    ),
    "yard": Command(
        "in port",
        "yard",
        "what the yard sells here: repairs, refits, ships, each priced, with what it adds",
        "yard",
    ),
    "buy": Command(
        "in port",
        "buy",
        "everything the port sells (hands, refits, ships), priced, with what each adds",
        "buy",
        "then `hire HAND`, `upgrade U` or `ship S` buys one (or `buy NAME`, whichever sells"
        " it); a refusal says exactly why",
    ),
    "round": Command(
        "in port", "round", "stand the crew a round at the bar: morale, rumors", "round"
    ),
    "hire": Command(
        "in port",
        "hire [HAND]",
        "take on a hand of note (`hire` alone lists them, priced)",
        "hire pilot",
        "hands: " + ", ".join(k.replace("_", " ") for k in CREW) + " (a word of the name will"
        " do: `hire gunner`); `port` shows who and what is for sale here",
    ),
    "repair": Command(
        "in port",
        "repair [N]",
        "mend N points of hull (all you can pay for, without N)",
        "repair 3",
    ),
    "upgrade": Command(
        "in port",
        "upgrade U",
        "refit the ship",
        "upgrade more guns",
        "refits: " + ", ".join(k.replace("_", " ") for k in UPGRADES),
    ),
    "ship": Command(
        "in port",
        "ship S",
        "buy a bigger ship (a yard that builds them)",
        "ship brigantine",
        "ships, smallest first: " + ", ".join(SHIP_ORDER),
    ),
    "strike": Command("in port", "strike CARD", "strike a card from your deck", "strike broadside"),
    "bribe": Command("in port", "bribe", "pay a port that will not deal with you", "bribe"),
    "pardon": Command(
        "in port",
        "pardon",
        "in an English port: buy a royal pardon (no longer a pirate)",
        "pardon",
    ),
    "raid": Command(
        "in port",
        "raid",
        "raid the town instead of trading: a fight against its defences",
        "raid",
        f"{RAID_HELP}; it costs standing with its nation; an English town makes you a "
        "pirate; a raid that changes the run asks first (y/N)",
    ),
    "provisions": Command("in port", "provisions", "take the islanders' provisions", "provisions"),
    "berth": Command(
        "in port", "berth PORT", "move to another port on the same anchorage", "berth Dover"
    ),
    "attack": Command(
        "alongside",
        "attack",
        "fire first on the ship alongside",
        "attack",
        "her nation remembers it; an English ship makes you a pirate; firing on a nation at "
        "peace with England asks first (y/N)",
    ),
    "pass": Command(
        "alongside", "pass", "let her pass (she will not come again for a while)", "pass"
    ),
    "keep": Command(
        "fight",
        "12 | 3 1 | ...",
        "keep two of the three cards, in the order they resolve",
        "12",
        "`?` explains the card words",
    ),
    "prize": Command(
        "prize",
        "prize N|none",
        "keep one of her cards for good, or none",
        "prize 1",
        "the number alone will do (`1`, `none`), or the card's name",
    ),
    "choose": Command(
        "question",
        "choose N",
        "answer what is asked: one of the choices",
        "choose 1",
        "the number alone will do (`2`), or the choice's words (`ride it out`)",
    ),
}
"""Every command of the screen (`look` and `drake` are other names for `where` and
`circuit`)."""

ALIASES = {"look": "where", "drake": "circuit", "fight": "keep", "h": "help", "?": "help"}

TOPICS: dict[str, tuple[str, ...]] = {
    "read": READ_HELP,
    "letter": LETTER_HELP,
    "drake": CIRCUIT_HELP,
    "circuit": CIRCUIT_HELP,
}
"""`help TOPIC`: what a topic's lines mean."""


def help_lines(topic: str, letter_now: Callable[[], list[str]] | None = None) -> list[str]:
    """`help` (every command, a line each, by where it is used) or `help CMD|TOPIC`;
    `help letter` with the letter in hand, where it sends you and by when (`letter_now`)."""
    if not topic:
        lines = []
        for group in dict.fromkeys(c.where for c in COMMANDS.values()):
            lines.append(f"  {group}:")
            lines += [f"    {c.usage:<26} {c.line}" for c in COMMANDS.values() if c.where == group]
        lines.append("  help CMD says more of one, with an example (help go)")
        return lines
    name = ALIASES.get(topic, topic)
    command = COMMANDS.get(name)
    lines = []
    if command is not None:
        lines.append(
            f"  {command.usage}: {command.line}" + (f"; {command.more}" if command.more else "")
        )
        lines.append(f"  where: {command.where}; for example: {command.example}")
    if name == "letter" and letter_now is not None:
        lines += letter_now()
    if topic in TOPICS:
        lines += [f"  {line}" for line in TOPICS[topic]]
    if not lines:
        return [
            f"  no help on {topic!r}: `help` lists the commands; help {' | '.join(TOPICS)} "
            "explain what their lines mean"
        ]
    return lines
