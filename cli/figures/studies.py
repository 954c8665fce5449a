"""The balance studies' page: `privateer sweep` turning the dials the Privateer design document
names, on today's `classic`."""

from __future__ import annotations

from privateer.cli.figures.page import FigurePage, Table

_FIGURES = (
    "won",
    "won_rate",
    "won_low",
    "won_high",
    "mean_day_home",
    "raids_per_run",
    "prizes_per_run",
    "sunk",
    "sunk_by",
    "alive_at_end",
)
_SHARES = frozenset({"won_rate", "won_low", "won_high", "sunk", "sunk_by", "alive_at_end"})

_FULL_FOUR = ("won=0.02:0.21", "act3=0.25:0.58", "sunk=0.45:0.78", "home=294:442")
_TUNE_LETTERS = (
    "tune", *_FULL_FOUR, "--dial", "letter_prizes=2:5", "--dial", "letter_extension_days=0:90",
    "--rules", "full", "--runs", "100", "--budget", "4000", "--json",
)  # fmt: skip
_TUNE_OPEN = (
    "tune", *_FULL_FOUR, "--dial", "admiralty_reliability=500:1000",
    "--dial", "letter_extension_days=0:90", "--dial", "guard_patrol_days=2:12",
    "--dial", "guard_range_days=15:40", "--rules", "full", "--runs", "100", "--budget", "4000",
    "--json",
)  # fmt: skip


_TUNE_CLIFF = (
    "tune", "won=0.3002:0.4879", "won[treasury=20]=0.0481:0.1622",
    "--dial", "ship_gold.brigantine=30:80:2", "--dial", "fight.monster_bounty=0:20:2",
    "--rules", "classic", "--runs", "200", "--budget", "2400", "--keep-going", "--json",
)  # fmt: skip
_TUNE_SHARES = ("won", "act3", "sunk", "alive")  # the figures a search reads as shares


def _tune_table(heading: str, about: str, command: tuple[str, ...]) -> Table:
    """A search's every trial: its setting, the figures it was asked (in the order asked) and
    its distance (0: landed)."""
    dials = [command[i + 1].split("=")[0] for i, w in enumerate(command) if w == "--dial"]
    first_option = next(i for i, w in enumerate(command) if w.startswith("--"))
    figures = [w.rpartition("=")[0] for w in command[1:first_option]]  # FIGURE=LOW:HIGH
    columns = tuple(f"figures.{f}.value" for f in figures)
    return Table(
        heading=heading,
        about=about,
        commands=(command,),
        columns=("trial", *(f"setting.{d}" for d in dials), *columns, "distance"),
        rates=frozenset(
            c for c, f in zip(columns, figures, strict=True) if f.split("[")[0] in _TUNE_SHARES
        ),
        rows_at="trials",
    )


def _against_the_treasury(heading: str, about: str, dial: str, values: str) -> Table:
    """`classic`'s wins at a town's treasury of 20 and 25 (the document's cliff) with `dial`
    at each of `values`: what the dial does to the cliff."""
    return Table(
        heading=heading,
        about=about,
        commands=(
            (
                "sweep",
                "treasury=20,25",
                f"{dial}={values}",
                "--rules",
                "classic",
                "--runs",
                "200",
                "--json",
            ),
        ),
        columns=("treasury", dial, *_FIGURES),
        rates=_SHARES,
    )


STUDIES = FigurePage(
    name="studies",
    title="Balance studies, measured",
    about=(
        "Dials of `classic` (the century's world, its own captain, raider10), `full` and"
        " `dilemmas`, 200 runs"
        " at every point (seeds 0-199), as `privateer sweep --json` prints them: `won_low` and"
        " `won_high` bound the wins' 95% (Wilson) interval; `sunk`, `sunk_by` and"
        " `alive_at_end` are shares of the runs. A sweep keeps each study in the database"
        " (`privateer sweep list`), and a point already kept is read back, not played again."
    ),
    needs_world=True,
    sections=(
        Table(
            heading="A town's treasury",
            about=(
                "The Privateer design document's own dial: \"Cutting a town's treasury from 25"
                ' to 20 took wins from 39% to 9%, and more captains sank raiding, not fewer."'
                " What moves ours (since voyage-6, an open town's walls of its own): a poorer"
                " town pays less a sack, so the raider raids longer in its pinnace, whose raids"
                " on an open town the shuffle sometimes turns against it; so the poorer the"
                " towns, the fewer wins and the more runs sunk raiding, the document's way and"
                " its reason. Since voyage-13 (`classic`'s brigantine for 58 gold, not 45) the"
                " raider is longer in its pinnace and 25 to 20 is the document's cliff: both"
                " wins inside its intervals (30.0%-48.8% at 25, 4.8%-16.2% at 20), with more"
                " runs sunk raiding towns at 20, not fewer; 17 points deep against its 30."
            ),
            commands=(
                ("sweep", "treasury=15:30:5", "--rules", "classic", "--runs", "200", "--json"),
            ),
            columns=("treasury", *_FIGURES),
            rates=_SHARES,
        ),
        _against_the_treasury(
            "The price of the first bigger ship",
            (
                "The document's mechanism for its cliff is how soon the captain can afford a"
                " sturdier ship (\"short of gold, they couldn't buy a sturdier ship, and kept"
                ' raiding in a pinnace"), and since voyage-6 it is ours: the dearer the'
                " brigantine (a number of ours: 58 in `classic` since voyage-13, 45 before and"
                " in every other ruleset), the longer the raider raids open towns in its"
                " pinnace, so the fewer win, at a town's treasury of 25 and of 20 (the"
                " document's 39% and 9%: 30.0%-48.8% and 4.8%-16.2%). Below 58 the wins at 20"
                " lie over the document's interval, above it those at 25 fall under; the cliff"
                " between them stays 13-17 points deep at every price, half the document's."
            ),
            "ship_gold.brigantine",
            "45,50,55,58,60,65",
        ),
        _against_the_treasury(
            "A sea monster's bounty, and the treasury",
            (
                "`classic` by its raider, a town's treasury at 20 or 25 (the document's cliff:"
                " 39% won at 25, 9% at 20), with a sea monster's bounty at 8, 12 or 20 (ours,"
                " `fight.monster_bounty`: the document gives none). What moves ours: a"
                " monster's bounty is gold the towns do not decide, and cutting it costs the"
                " raider wins at both treasuries about alike, so the cliff stays 17-20 points"
                " deep, not the document's 30. At 20 (the rules) both wins land in the"
                " document's intervals (30.0%-48.8% at 25, 4.8%-16.2% at 20); at 12 or less"
                " those at 25 fall below it: the curve moves down without steepening. The rules"
                " keep 20, and with it `classic`'s own row of five figures, all in the"
                " document's intervals."
            ),
            "fight.monster_bounty",
            "8,12,20",
        ),
        Table(
            heading="The first letter's pay",
            about=(
                "`full` played by the document's bot (`captain=seed`), the first letter of"
                " marque paying 10, 20 (the rules since voyage-7) or 30 (before): the document's"
                ' letters "take a small ship into enemy waters", its bot reaching the third'
                " letter in 12 of 30 runs (24.6-57.7%), sunk in 19 (45.5-78.1%), won 2"
                " (1.8-21.3%), home on day 368. What moves ours: the gold she holds as the"
                " second letter comes (every run starts it in her pinnace), which decides"
                " whether she buys a brigantine before its sack in enemy waters. `act3` is the"
                " share that reached the third letter."
            ),
            commands=(
                (
                    "sweep",
                    "captain=seed",
                    "letter_reward.0=10,20,30",
                    "--rules",
                    "full",
                    "--runs",
                    "200",
                    "--json",
                ),
            ),
            columns=(
                "letter_reward.0",
                "won",
                "won_rate",
                "won_low",
                "won_high",
                "act3",
                "mean_day_home",
                "sunk",
                "sunk_by",
                "alive_at_end",
            ),
            rates=_SHARES | {"act3"},
        ),
        Table(
            heading="The crew's shares, with storms that ask",
            about=(
                "`dilemmas` played by the document's bot, its storms, shares and castaways"
                " asking or not (`dilemmas`), and the crew asking their shares after a payout"
                " of 15 or more at 250 (the rules), 100 or 0 in a thousand such payouts. The"
                ' document: "The bot rides out a storm on a sound hull, pays shares it can'
                " spare, and takes any castaway; with that it wins 27% over 30 runs, against"
                ' 20% when storms rolled their own cost." What moves ours: a storm ridden out'
                " costs hull, not the fifth of the purse a storm of its own may take, and a"
                " share paid (a tenth of the prize that brought the question, since voyage-8)"
                " keeps the crew's spirits, where without dilemmas a crew that would have asked"
                " sours in silence (-2 morale, since voyage-8: the document's \"the crew soured"
                ' in silence"). The fewer the crew ask, the less either way: at 0 the two'
                " stages differ by the storms alone."
            ),
            commands=(
                (
                    "sweep",
                    "captain=seed",
                    "dilemmas=false,true",
                    "shares_ask_per_mille=250,100,0",
                    "--rules",
                    "dilemmas",
                    "--runs",
                    "200",
                    "--json",
                ),
            ),
            columns=("dilemmas", "shares_ask_per_mille", *_FIGURES),
            rates=_SHARES,
        ),
        Table(
            heading="The raid guard, and a raider that reads it",
            about=(
                "`classic` by its raider, without the raid guard and with it, the raider"
                " raiding an open town whose walls stand up to 7 past its hull (its own: an"
                " open town's 17 against a pinnace's 10, not one the guard raised to 21) or 15"
                ' (every town the guard raised once or twice). The document: "Over 60 seeds'
                " the captain bot, which raids enemy towns, wins 22% with the guard against"
                ' about 28% without." What moves ours: the guard acts only on a raid that'
                " ended short of a sack (a pinnace with a master gunner sacks an open town 82%"
                " of the time: `privateer sim --target town --walls 3`). Since voyage-12 a"
                " raider turned out stands off and comes straight back, the play the guard was"
                " made to stop: on its guard a town lands no boats for 14 days, and then its"
                " walls stand 4 higher. A raider that takes on those walls (15 past its hull)"
                " sinks at them more often, not less."
            ),
            commands=(
                (
                    "sweep",
                    "raid_guard=false,true",
                    "captain.town_margin=7,15",
                    "--rules",
                    "classic",
                    "--runs",
                    "200",
                    "--json",
                ),
            ),
            columns=("raid_guard", "captain.town_margin", *_FIGURES),
            rates=_SHARES,
        ),
        _tune_table(
            "Tuning `classic` to the document's cliff",
            "`privateer tune` searching the price of the first bigger ship and a sea monster's"
            " bounty for a setting that lands both of the document's figures for the raider:"
            " its wins at a town's treasury of 25 (39% of 100: 30.0%-48.8%) and at 20 (9%:"
            " 4.8%-16.2%, the figure asked at the treasury turned, `won[treasury=20]`, so each"
            " trial plays both), 200 runs each. The document's reason for the cliff is the"
            " first: short of gold, its captains could not buy a sturdier ship. The first"
            " trial is the rules as they are (voyage-13: the brigantine at 58 gold, the"
            " bounty 20), and lands both, by one run at 25 (61 of 200; 60 would be 30.0%,"
            " under the interval); the search goes on (`--keep-going`) to show the"
            " neighbourhood: which other prices and bounties land both, and how narrowly.",
            _TUNE_CLIFF,
        ),
        _tune_table(
            "Tuning `full` to the document's four figures",
            "`privateer tune` searching two numbers of the letters (the prizes the first"
            " letter asks, the grace a missed deadline gets) for a setting that lands `full`'s"
            " four figures in the document's intervals: won 2 of 30, the third letter reached"
            " by 12 of 30 and sunk 19 of 30, each its Wilson interval, and the day home of its"
            " two winners, 368, a fifth either way. From the rules as they are, 100 runs a"
            " trial, within 4,000 runs; `distance` is how far the trial's figures lie outside"
            " their intervals, in the intervals' widths (0: every one lands). The document's"
            " first letter asks two prizes: a setting that asks more lands the figures by a"
            " number its words do not have.",
            _TUNE_LETTERS,
        ),
        _tune_table(
            "Tuning `full` by the Admiralty, the grace and the guard ships",
            "The same four figures, searched over two numbers the document leaves to us (how"
            " true the Admiralty's word is, a missed deadline's grace) and two it sets (how far"
            " guard ships patrol and hunt: 4 days, its protected water, and 25, which its"
            " alarm doubles to 50): a landing that moves the guard ships lands by numbers the"
            " document does not have. The day home is the mean of the few winners (8 or so"
            " of 100), so it moves most from trial to trial by chance.",
            _TUNE_OPEN,
        ),
    ),
)
