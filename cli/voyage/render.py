"""Words for a voyage: a line for each thing that happened, and the sheets a captain reads
(the ship, politics, what is in sight, rumors, the port). Reads events and observe()'s record;
decides nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from privateer.cli.render import event_line, pips
from privateer.engine.events import Event
from privateer.engine.fight import CATALOGUE, KIND_INDEX

if TYPE_CHECKING:
    from privateer.cli.places import Places

BEASTS = frozenset({"sea_monster"})  # what has no crew to question, no stores, no sails
RENAMED_FOR = {  # a fight's words for what is no ship: what chain shot leaves on a beast
    "sea_monster": (
        ("a wound against her: sails,", "a wound against it: its fins torn,"),
        ("she tried to run, but sails shot away", "it tried to dive, but its fins are torn"),
        ("sails shot away", "torn fins"),
        ("leaves sails", "leaves torn fins"),
        ("  she ", "  it "),
        ("her hull", "its hull"),
        ("her flee", "its flee"),
        ("hers ", "its  "),
    ),
}


def _ship(kind: str, flag: str | None, *, article: bool = True) -> str:
    """A ship as a person says it: "a merchant of spain"; a beast flies no flag ("a sea
    monster", never "of nobody")."""
    words = kind.replace("_", " ")
    words = f"{words} of {flag}" if flag else words
    return f"a {words}" if article else words


def _near(node: int, places: Places | None, sea: bool = True) -> str:
    """Where a node lies, by name ("2 days (80 nm) west of Cape St Vincent, ..."); without a
    describer, its id (the log's words)."""
    return places.near(node, sea=sea) if places is not None else f"near node {node}"


def spoils(target: str) -> str:
    """What a prize's cards come off: her stores, the town's, the beast's."""
    if target in BEASTS:
        return "the beast's bones and hide"
    if target in ("town", "fortified_port"):
        return "the town's stores"
    if target == "war_canoes":
        return "the canoes' gear"
    return "her stores"


def _rumor_heard(d: dict[str, Any], places: Places | None, target: str | None) -> str:
    """A rumor after a fight: a prisoner's word, or (a beast has none) what the lookout saw
    while the beast was cut up; the rule draws it either way."""
    where = _near(d["node"], places)
    if target in BEASTS:
        return f"the lookout, aloft while the beast is cut up, sees a sail: {where}"
    return f"a prisoner talks: a ship seen {where}"


def fight_words(line: str, target: str | None) -> str:
    """A fight's line in the words for what she fights (a beast has fins, not sails)."""
    for old, new in RENAMED_FOR.get(target or "", ()):
        line = line.replace(old, new)
    return line


def _card_line(event: Event, target: str | None) -> str | None:
    """A fight's card in words, with a beast's own words for what a ship's would be."""
    line = event_line(event)
    return None if line is None else fight_words(line, target)


def _task(d: dict[str, Any]) -> str:
    if d["task"] == "prizes":
        return f"take {d['target']} prizes"
    if d["task"] == "sack":
        return "sack a town"
    return "take the plate ship"


def voyage_line(
    event: Event, places: Places | None = None, target: str | None = None
) -> str | None:
    """A line for a voyage event (None for what a captain need not read: a day's sailing).
    With `places`, places by name (else node ids, the log's words); `target` is what she is
    fighting or has just fought, for the words of a fight with what is no ship."""
    if not isinstance(event.data, dict):
        return _card_line(event, target)  # a card of a fight
    d = event.data
    day = f"day {event.round}: "
    kind = event.kind
    texts = {
        "voyage_start": lambda: f"out of {d['port']} in a {d['ship']} with {d['gold']} gold",
        "course": lambda: (
            f"course set for {places.course(d['from'], d['to'])}"
            if places is not None
            else f"course set for node {d['to']}"
        ),
        "left_port": lambda: f"left {d['port']}",
        "arrived": lambda: "arrived",
        "in_port": lambda: (
            f"in {d['port']} ({d['nation']})"
            + ("" if d["deals"] else ": they will not deal with you")
        ),
        "alongside": lambda: (
            f"{_ship(d['kind'], d['flag'])} comes alongside: attack or pass" + _read_brief(d)
        ),
        "attacked": lambda: f"{_ship(d['kind'], d['flag'])} attacks!" + _read_brief(d),
        "hostile_in_sight": lambda: (
            f"a hostile sail in sight: {_ship(d['kind'], d['flag'], article=False)}" + _off(d)
        ),
        "let_pass": lambda: "you let her pass",
        "fight": lambda: (
            f"fight: {d['target'].replace('_', ' ')} ({d['why']}), your hull "
            f"{d['hull']}, hers {d['her_hull']}"
        ),
        "fight_over": lambda: (
            f"{d['target'].replace('_', ' ')}: {d['outcome'].replace('_', ' ')}"
            f", paid {d['payout']}; hull {d['hull']}, gold {d['gold']}"
        ),
        "settled": None,
        "rumor": None,
        "sailed": None,
        "rumor_heard": lambda: _rumor_heard(d, places, target),
        "prize": lambda: f"a prize worth {d['payout']}: morale {d['morale']}",
        "prize_offered": lambda: f"{spoils(d['from'])}, offered: " + ", ".join(d["cards"]),
        "prize_kept": lambda: f"kept {d['card']} for good",
        "prize_left": lambda: "left the cards",
        "sunk": lambda: f"SUNK by {str(d['by']).replace('_', ' ')}",
        "won": lambda: (
            f"home with {d['gold']} gold: the run is won"
            + (f", Drake's circuit made ({d['circuit']} places)" if "circuit" in d else "")
        ),
        "touched": lambda: f"Drake's place touched: {d['place']} ({d['order'] + 1} of {d['of']})",
        "out_of_time": lambda: f"the voyage ends with {d['gold']} gold",
        "round": lambda: (
            f"a round: {_ship(d['ship_kind'], d['flag'])} "
            + (
                places.near(d["node"])
                if places is not None
                else f"at {d['lon']:.1f}, {d['lat']:.1f}"
            )
            + f", {d['days_old']} days ago (reliability "
            f"{d['reliability']:.2f})"
            if d["heard"]
            else "a round: nothing worth the drink"
        ),
        "hired": lambda: f"hired a {d['hand'].replace('_', ' ')}",
        "repaired": lambda: f"repaired {d['points']}: hull {d['hull']}",
        "refitted": lambda: f"fitted {d['upgrade'].replace('_', ' ')}",
        "new_ship": lambda: f"bought a {d['ship']}: hull {d['hull']}",
        "struck": lambda: f"struck a {d['card']} from the deck",
        "bribed": lambda: f"bribed {d['nation']}'s officials: standing {d['standing']}",
        "pardoned": lambda: "a royal pardon: England's grudge is cleared",
        "provisions": lambda: (
            f"provisions from the islanders: hull {d['hull']}, morale {d['morale']}"
        ),
        "canoes": lambda: f"war canoes put out from {d['port']}!",
        "sacked": lambda: f"{d['port']} sacked",
        "raid_turned_out": lambda: (
            f"the raid on {d['port']} is turned out; the town is on its guard"
        ),
        "pirate": lambda: f"England names you a pirate: {d['why']}",
        "dilemma": lambda: f"{d['name']}: a choice to make",
        "answered": lambda: f"{d['name']}: {d['choice']}",
        "land_sighted": lambda: f"uncharted land sighted: the Crown pays {d['paid']}",
        "islanders": lambda: (
            "war canoes put out from the island!"
            if d["canoes"]
            else "islanders put out from the island to trade"
        ),
        "at_anchor": lambda: f"at anchor: hull {d['hull']}, morale {d['morale']}",
        "morale": lambda: (
            f"the crew sour{' for want of their shares' if d.get('why') == 'shares' else ''}:"
            f" morale {d['morale']}"
        ),
        "near_mutiny": lambda: f"the crew are close to mutiny (morale {d['morale']})",
        "mutiny": lambda: (
            "MUTINY: " + str(d.get("fate")) + (f" ({d['hand']})" if "hand" in d else "")
        ),
        "deserted": lambda: f"the {d['hand'].replace('_', ' ')} deserts at {d['port']}",
        "wages": lambda: f"wages paid: {d['paid']}",
        "wages_short": lambda: f"short of wages ({d['due']} due): morale {d['morale']}",
        "omen": lambda: f"a good omen: {d['omen']}",
        "storm": lambda: "a storm: " + ", ".join(f"{k} {v}" for k, v in d.items() if k != "stop"),
        "fort_fire": lambda: (
            f"the guns of {d['port']} ({d['nation']}) fire on you: hull -{d['hull_lost']}, "
            f"hull {d['hull']}"
        ),
        "letter": lambda: (
            f"a letter of marque, act {d['act']}: {_task(d)} in {d['region']}, against "
            f"{d['nation']}, by day {d['deadline']}, for {d['reward']} gold"
        ),
        "letter_progress": lambda: f"the letter's work: {d['done']} of {d['of']}",
        "letter_done": lambda: f"act {d['act']} done: the Crown pays {d['reward']}",
        "letter_extended": lambda: (
            f"the letter's deadline passed: more time, till day {d['deadline']} (-2 with England)"
        ),
        "letter_revoked": lambda: "the letter is revoked: you are a pirate",
        "admiralty_word": lambda: (
            f"the Admiralty's word: the plate ship seen {_near(d['node'], places)}"
        ),
        "renown": lambda: (
            f"your name gets about: renown {d['renown']}, step {d['step']}; hunters come "
            "farther, warships better found"
        ),
        "home_stretch": lambda: (
            f"word is out that you hold {d['gold']} gold: every enemy privateer is coming"
        ),
        "captives_freed": lambda: (
            f"the captives of {d['town']} go free: standing with {d['nation']} {d['standing']:+d}"
            + ("" if d["nation"] == "england" else f", with England {d['england']:+d}")
        ),
        "corsair_raid": lambda: (
            f"corsairs of {d['corsair']} strip {d['town']} ({d['nation']}) for captives"
            if d.get("stop")
            else None
        ),
        "war": lambda: "war: " + " and ".join(d["nations"]),
        "peace": lambda: "peace: " + " and ".join(d["nations"]),
    }
    text = texts.get(kind)  # None: nothing a captain reads (a day's sailing, the tallies)
    line = None if text is None else text()
    return None if line is None else day + line


def _off(d: dict[str, Any]) -> str:
    """How far off a sail is and whether she is bearing down (the lookout rule's), or
    nothing."""
    if "days" not in d:
        return ""
    if d["days"] == 0:
        return ", alongside"
    days = f"{d['days']} day{'s' if d['days'] != 1 else ''} off"
    return f", {days}" + (", bearing down" if d.get("bearing_down") else "")


def _read_brief(d: dict[str, Any]) -> str:
    """The read of her in a few words (the lookout rule's), or nothing."""
    if "read" not in d:
        return ""
    r = d["read"]
    return f" (her hull {r['hull']} to your {r['your_hull']}; she hurts {r['hurt']})"


def read_lines(read: dict[str, Any], indent: str = "    ") -> list[str]:
    """The read of a ship, a line for each thing it tells (`help read` explains them)."""
    renown = f" ({read['renown_hull']} of it for your renown)" if read["renown_hull"] else ""
    lines = [
        f"hull: hers {read['hull']}{renown} against yours "
        f"{read['your_hull']}/{read['your_max_hull']}",
        f"guns: she hurts {read['hurt']}, and her wounds would cost you {read['wounds']} more; "
        f"you hurt {read['your_hurt']}, your wounds {read['your_wounds']}",
    ]
    for gun in read["guns"]:
        wound = gun["wound"]
        costs = (
            ""
            if wound == "none"
            else f", leaves {wound}: "
            + (f"{gun['wound_cost']} hull" if gun["wound_cost"] else "stops your flight")
        )
        lines.append(f"  {gun['count']} x {gun['name']}: hit {gun['hit']}{costs}")
    lines += [
        "runs: " + (f"yes, {read['flee']} flee card(s)" if read["flee"] else "no, she stands"),
        "shaking her off: "
        + (f"hard, chase {read['chase']}" if read["chase"] else "easy, she has no chase"),
        "mends: " + (f"yes, {read['mend']} hull in her deck" if read["mend"] else "no"),
        "help coming: "
        + (
            f"{read['relief']} relief from round {read['relief_from']} "
            f"(hurt {read['relief_hurt']} in all)"
            if read["relief"]
            else "none"
        ),
        f"hold: {read['hold']} gold, bounty {read['bounty']}",
    ]
    if read.get("strikes"):
        lines.append("strikes: yes, when she is beaten low (her crew your prisoners)")
    return [indent + line for line in lines]


READ_HELP = (
    "The read of a ship, off her deck (the lookout rules), for every ship in sight and when "
    "one comes alongside:",
    "  hull         her hull (with what your renown adds to a hostile warship) against yours "
    "as it stands and full",
    "  guns         her hurt: the hull her shot cards take off you, every card kept once; and "
    "what the wounds they leave would cost you (a leak 2 hull, fire 3, sails shot away nothing "
    "but your flight); then each of her shot cards: how many, hit, wound. Yours beside hers",
    "  runs         her flee cards: she gets away when she is threatened (half hull or less, "
    "or outgunned two to one)",
    "  shaking off  her chase: way taken off you each time you run",
    "  mends        the hull her mend cards give back",
    "  help coming  a town's relief: so many cards from such a round",
    "  hold         the gold in her hold to plunder (a laden corsair carries more), and the "
    "bounty for sinking her",
    "  strikes      (the strike_colours rule) she may strike her colours: kept while she is "
    "threatened, her strike-colours card ends the fight with her taken and her crew prisoners",
    "  days off     (with the ships in sight, and a hostile sail newly in sight) steps "
    "between you; bearing down: she is coming closer (hunting you, bound for where you are, "
    "or her next step nearer you)",
)


LETTER_HELP = (
    "Letters of marque (the full rules): a run in three acts, a letter each.",
    "  act 1        take prizes of the letter's nation in its region near home (the Narrow "
    "Seas or the Barbary coast): a ship of that flag taken there counts",
    "  act 2        sack a town of the letter's nation in its region farther out (the Spanish "
    "Main, Brazil or the Indies)",
    "  act 3        take the named Spanish plate ship; the Admiralty sends word of where she "
    "was every 30 days (a rumor, on the chart till fresher word replaces it; see rumors)",
    "  fair game    while the letter lasts its nation is fair game: firing on its ships or "
    "raiding its towns costs standing with it, but no strain on its peace with England",
    "  due          a letter missed gets more time once (at -2 with England); missed again it "
    "is revoked and you are a pirate (a royal pardon brings a new one)",
    "  the score    all three done and home to London wins; gold is then the score. With "
    "them done, word gets out (the home stretch): every enemy privateer comes for you",
    "  where        `letter` says where the letter in hand sends you: its region, and the towns "
    "of its nation there with the days' sail from you to each against the deadline; the prompt "
    "keeps the nearest in view (`act 2 0/1 by 270, Batavia 25 days`)",
    "  chart        the region of each letter you worked is drawn dashed, the letter in hand's "
    "towns ringed (chart FILE.svg)",
)


def letter_lines(seen: dict[str, Any]) -> list[str]:
    """Your letters of marque (the full rules): the one in hand and how far it is done."""
    sheet = seen.get("letters")
    if sheet is None:
        return ["  no letters of marque under these rules"]
    lines = []
    held = sheet["letter"]
    if held is not None:
        task = _task({"task": held["task"], "target": held["of"]})
        due = f"due day {held['deadline']} ({held['days_left']} days)"
        lines.append(
            f"  act {held['act']}: {task} in {held['region']}, against {held['nation']}: "
            f"{held['done']} of {held['of']} done; {due}"
            + (", extended once" if held["extended"] else "")
            + f"; pays {held['reward']}"
        )
    elif sheet["acts_done"] >= 3:
        lines.append("  all three letters done: home to London wins")
    else:
        lines.append("  no letter in hand: revoked, you are a pirate (a pardon brings a new one)")
    lines.append(f"  acts done {sheet['acts_done']} of 3, letters revoked {sheet['revoked']}")
    if sheet["word_day"] is not None and held is not None and held["task"] == "plate_ship":
        lines.append(f"  the Admiralty's last word of her: day {sheet['word_day']} (see rumors)")
    return lines


CIRCUIT_HELP = (
    "Drake's circuit (the drake rules): the ultimate win, his raid round the world of 1577-80.",
    "  places       his places in his order, from Plymouth (data/drake.csv): Mogador, Cape "
    "Blanc, the Cape Verdes, Brazil, the Plate, Port St Julian, through Magellan's strait, "
    "Cape Horn, up the coast of Chile and Peru (Valparaiso, Callao, the Cacafuego off Cabo "
    "San Francisco), Guatulco, New Albion, across the Pacific to Palau and the Moluccas, "
    "Celebes, Java, the Cape of Good Hope, Sierra Leone, and home to Plymouth",
    "  touching     a place counts when you come within two days' sail of it (no need to put "
    "in), and only once every place before it is touched: out of order it does not count",
    "  the win      every place touched, then into Plymouth with the goal's gold aboard",
    "  the clock    1,100 days: Drake took 1,018 (13 December 1577 to 26 September 1580); "
    "the circuit is about 800 days' sail by the shortest ways",
    "  circuit      the places done, the next (course PLACE, by its name, sails for it) and "
    "the days' sail the rest needs; chart FILE.svg draws his route under your track",
)


def circuit_lines(seen: dict[str, Any], places: Places | None = None) -> list[str]:
    """Drake's circuit (the drake rules): how far it is made and where next."""
    sheet = seen.get("circuit")
    if sheet is None:
        return ["  no Drake's circuit under these rules (play --rules drake)"]
    lines = [f"  Drake's places touched: {sheet['done']} of {sheet['of']}"]
    upcoming = sheet["next"]
    if upcoming is None:
        lines.append("  the circuit is made: home to Plymouth with the gold wins")
    else:
        lines.append(
            f"  next: {upcoming['place']} ("
            + (f"node {upcoming['node']}, " if places is None or places.debug else "")
            + f"{upcoming['days']} days' sail); the rest of the circuit: "
            f"{sheet['days_to_finish']} days' sail"
        )
    for touched in sheet["touched"]:
        lines.append(f"    day {touched['day']:>4}  {touched['place']}")
    return lines


def circuit_mark(seen: dict[str, Any]) -> str:
    """The circuit in a prompt's few words ("; Drake 3/25 next Cape Blanc"); empty without it."""
    sheet = seen.get("circuit")
    if sheet is None:
        return ""
    upcoming = sheet["next"]
    where = f" next {upcoming['place']}" if upcoming is not None else " made"
    return f"; Drake {sheet['done']}/{sheet['of']}{where}"


def letter_mark(seen: dict[str, Any]) -> str:
    """The letter in a prompt's few words ("act 1 1/2 by 150"); empty without one."""
    held = (seen.get("letters") or {}).get("letter")
    if held is None:
        return ""
    return f"; act {held['act']} {held['done']}/{held['of']} by {held['deadline']}"


def _sheet_place(seen: dict[str, Any], places: Places | None) -> str:
    """Where she is and is bound, by name (with a describer) or by position and node."""
    if places is None:
        return (
            f"  at {seen['lon']:.1f}, {seen['lat']:.1f} (node {seen['node']})"
            + (f", in {seen['port']}" if seen["port"] else "")
            + (f", bound for node {seen['course']}" if seen["course"] is not None else "")
        )
    here = f"in {seen['port']}{places.node_id(seen['node'])}" if seen["port"] else None
    line = f"  {here or places.near(seen['node'])}"
    if seen["course"] is not None:
        line += f"; bound for {places.course(seen['node'], seen['course'])} to go"
    return line


def sheet_lines(seen: dict[str, Any], places: Places | None = None) -> list[str]:
    sheet = seen["sheet"]
    lines = [
        f"day {seen['day']}: a {sheet['ship']}, hull {pips(sheet['hull'], sheet['max_hull'])}, "
        f"morale {sheet['morale']}/10, gold {sheet['gold']}",
        _sheet_place(seen, places),
        f"  hands of note ({len(sheet['crew'])}/{sheet['berths']} berths):",
    ]
    for hand in sheet["crew"]:
        lines.append(
            f"    {hand['hand'].replace('_', ' '):<15} brings {', '.join(hand['brings'])}; "
            f"wages {hand['wages']}"
        )
    lines.append(f"  deck ({sheet['deck_size']} cards):")
    for source, cards in sheet["deck"].items():
        lines.append(f"    {source:<22} {', '.join(cards) or '-'}")
    if sheet["struck"]:
        lines.append(f"    struck: {', '.join(sheet['struck'])}")
    return lines


def politics_lines(seen: dict[str, Any]) -> list[str]:
    p = seen["politics"]
    lines = ["  at war with England: " + (", ".join(p["at_war_with_england"]) or "nobody")]
    standing = ", ".join(f"{k} {v:+d}" for k, v in p["standing"].items()) or "all square"
    lines.append(
        f"  your standing: {standing}" + ("  (England names you a PIRATE)" if p["pirate"] else "")
    )
    if p["strain"]:
        lines.append(
            "  strain on the peace: " + ", ".join(f"{k} {v}" for k, v in p["strain"].items())
        )
    name = p.get("name")  # the late game's renown and home stretch
    if name:
        lines += name_lines(name)
    return lines


def _forts(place: dict[str, Any]) -> list[str]:
    return [
        f"{f['port']}'s ({f['nation']}{', hostile' if f['hostile'] else ''})"
        for f in place["fort_guns"]
    ]


def location_lines(seen: dict[str, Any], places: Places | None = None) -> list[str]:
    """The location panel (`where`): the water she is in, a line for each thing it holds
    (with a describer, first the nearest place by name)."""
    place = seen["location"]
    lines = [f"  in port: {place['port']}"] if place["port"] else []
    if places is not None and not place["port"]:
        lines.append(f"  near: {places.near(seen['node'], sea=False)}")
    lines.append(f"  sea: {place['sea'] or 'unnamed water'}")
    waters = place["waters"]
    days = place["waters_days"]
    lines.append(
        f"  waters: {waters}'s, {days} day{'s' if days != 1 else ''} from the fort"
        if waters
        else "  waters: nobody's"
    )
    for key, what in (("strait", "strait"), ("bank", "bank"), ("river_mouth", "river mouth")):
        if place[key]:
            lines.append(f"  {what}: {place[key]}")
    if place.get("deep_keel") and place["bank"]:
        lines.append("  (your keel is too deep for a bank: a storm drove you here)")
    if place["fort_guns"]:
        lines.append("  under the guns of " + " and ".join(_forts(place)))
    if place["anchorage"]:
        lines.append("  an anchorage off an island you charted: no ship troubles you here")
    return lines


def place_line(place: dict[str, Any]) -> str:
    """The location panel in a line (shown in `play` when it changes)."""
    parts = [place["sea"] or "unnamed water"]
    parts.append(f"{place['waters']}'s waters" if place["waters"] else "nobody's waters")
    parts += [
        f"{what} {place[key]}"
        for key, what in (("strait", "the strait:"), ("bank", "on"), ("river_mouth", "off"))
        if place[key]
    ]
    if place["fort_guns"]:
        parts.append("under the guns of " + " and ".join(_forts(place)))
    if place["anchorage"]:
        parts.append("an anchorage")
    return ", ".join(parts)


def name_lines(name: dict[str, Any]) -> list[str]:
    """Your name (the late game): renown and its step, and whether word is out."""
    lines = []
    if "renown" in name:
        upto = f", next step at {name['next']}" if name["next"] is not None else ""
        farther = (name["reach_per_mille"] - 1000) / 10
        lines.append(
            f"  your name: renown {name['renown']} (step {name['step']}{upto}); hunters come "
            f"{farther:.0f}% farther, hostile warships {name['warship_hull']} hull stronger"
        )
    if name.get("word_out"):
        lines.append("  the home stretch: word is out, every enemy privateer is coming")
    return lines


def sight_lines(
    seen: dict[str, Any], reads: bool = True, places: Places | None = None
) -> list[str]:
    """What is in sight, a line a ship (where, by name with a describer; with the lookout
    rule, how far off and bearing down, and, with `reads`, the read of her under it)."""
    if not seen["in_sight"]:
        return ["  nothing in sight"]
    lines = []
    for s in seen["in_sight"]:
        lines.append(
            f"  {_ship(s['kind'], s['flag'])} "
            + (places.near(s["node"], sea=False) if places else f"at node {s['node']}")
            + _off(s)
            + ("  HOSTILE" if s["hostile"] else "")
        )
        if reads and "read" in s:
            lines += read_lines(s["read"])
    return lines


def rumor_lines(seen: dict[str, Any], places: Places | None = None) -> list[str]:
    """The rumors she holds: where the ship was seen (by name with a describer), how long
    ago, and her marker's strength."""
    if not seen["rumors"]:
        return ["  no rumors"]
    return [
        f"  {_ship(r['ship_kind'], r['flag'])} "
        + (
            places.near(r["node"])
            if places
            else f"at {r['lon']:.1f}, {r['lat']:.1f} (node {r['node']})"
        )
        + f", {r['days_old']} days ago; marker {r['marker']:.2f}"
        for r in seen["rumors"]
    ]


def port_lines(seen: dict[str, Any]) -> list[str]:
    port = seen.get("port_sheet")
    if not port:
        return ["  at sea"]
    lines = [
        f"  {port['port']} ({port['nation']}, {'fortified' if port['fortified'] else 'open town'})"
        + ("" if port["deals"] else f": {port['refusal']}"),
        f"  treasury {port['treasury']}; raid: {port['raid']}",
    ]
    offers = port.get("offers") or {}
    if port["ships_for_sale"] and not offers.get("ships"):
        lines.append(
            "  ships for sale: " + ", ".join(f"{k} {v}" for k, v in port["ships_for_sale"].items())
        )
    return lines + offer_lines(offers)


def _card(key: str, words: bool) -> str:
    """A card by its name (with what it does, if `words`); anything else as it is told."""
    if key not in KIND_INDEX:
        return key  # a navigator's "a step more sight"
    kind = CATALOGUE[KIND_INDEX[key]]
    return f"{kind.name} ({kind.words()})" if words else kind.name


def card_words(keys: list[str], words: bool = True) -> str:
    """Cards as a short list, "broadside x3, chain shot" (in the order first met)."""
    counts: dict[str, int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    return ", ".join(_card(k, words) + (f" x{n}" if n > 1 else "") for k, n in counts.items())


def _barred(offer: dict[str, Any]) -> str:
    return f"  ({offer['barred']})" if offer.get("barred") else ""


def offer_lines(offers: dict[str, Any]) -> list[str]:
    """What each hire, refit and ship for sale would add, before you buy it."""
    lines: list[str] = []
    if offers.get("hands"):
        lines.append("  hands for hire (hire HAND):")
        for hand, o in offers["hands"].items():
            lines.append(
                f"    {hand:<15} {o['gold']:>3} gold: adds {card_words(o['adds'])}; "
                f"wages {o['wages']}{_barred(o)}"
            )
    if offers.get("refits"):
        lines.append("  the yard's refits (upgrade U):")
        for refit, o in offers["refits"].items():
            adds = [card_words(o["adds"])] if o["adds"] else []
            adds += [f"hull +{o['hull']}"] if o["hull"] else []
            lines.append(f"    {refit:<15} {o['gold']:>3} gold: adds {', '.join(adds)}{_barred(o)}")
    if offers.get("ships"):
        lines.append("  ships for sale (ship S; your refits and struck cards stay behind):")
        for ship, o in offers["ships"].items():
            lines.append(
                f"    {ship:<15} {o['gold']:>3} gold: hull {o['hull']} ({o['hull_change']:+d}), "
                f"{o['berths']} berths, her cards {card_words(o['adds'], words=False)}; a deck of "
                f"{o['deck_size']}{_barred(o)}"
            )
    return lines
