"""The built-in bots.  Names are stable: the CLI, result files and tests use them.

The first five are the reference bots (classic simulator strategies, defined exactly);
``bots/data/<name>.toml`` holds the same five as TOML and a test checks both compile
to identical programs.  The rest show off one kingdom card each and are meant to be
sensible, not optimal; ``BASE_REST_BOTS`` are those of the rest of the base set
(harbinger-bm ... artisan-bm), measured by ``experiments/base_rest_bots.py``.
"""

from __future__ import annotations

from bots.rules import (
    Buy,
    Gain,
    Mine,
    Remodel,
    RuleBot,
    count,
    gains_to_end,
    left,
    money,
    opp_count,
    turn,
)
from sim.cards import N_CARDS
from sim.engine import program as P

# The reference bots' attack-discard order (differs from the generic default).
REFERENCE_DISCARD = ["Province", "Duchy", "Estate", "Curse", "Copper", "Silver"]


def _reference(name: str, description: str, buy: list, play: list[str] | None = None):
    return RuleBot(name, description, buy=buy, play=play, discard=REFERENCE_DISCARD,
                   avoid_losing_end=True, excess_terminals_first=True)


BIG_MONEY = _reference("big-money", "Buys Province, else Gold, else Silver; nothing else.",
                       [Buy("Province"), Buy("Gold"), Buy("Silver")])

BMU = _reference(
    "bmu", "Big Money Ultimate: Big Money that greens by money density and pile size.",
    [Buy("Province", money() > 18),
     Buy("Duchy", left("Province") <= 4),
     Buy("Estate", left("Province") <= 2),
     Buy("Gold"),
     Buy("Duchy", left("Province") <= 6),
     Buy("Silver")])

SMITHY_BM = _reference(
    "smithy-bm", "Big Money Ultimate plus one Smithy per 11 Treasures.",
    [Buy("Province", money() > 15),
     Buy("Duchy", left("Province") <= 4),
     Buy("Estate", left("Province") <= 2),
     Buy("Gold"),
     Buy("Duchy", left("Province") <= 6),
     Buy("Smithy", count("Smithy") < count("Treasure") / 11),
     Buy("Silver")],
    play=["Smithy"])

MILITIA_BM = _reference(
    "militia-bm", "Big Money with up to 3 Militias; Provinces once it owns a Gold.",
    [Buy("Province", count("Gold") > 0),
     Buy("Duchy", left("Province") <= 6),
     Buy("Estate", left("Province") <= 2),
     Buy("Gold"),
     Buy("Militia", count("Militia") < 3),
     Buy("Silver")],
    play=["Militia"])

DOUBLE_MILITIA = _reference(
    "double-militia", "Big Money with two Militias; greens by gains left to the game's end.",
    [Buy("Province"),
     Buy("Duchy", gains_to_end() <= 5),
     Buy("Militia", count("Militia") < 2),
     Buy("Estate", gains_to_end() <= 2),
     Buy("Gold"),
     Buy("Silver"),
     Buy("Copper", gains_to_end() <= 3)],
    play=["Militia"])

REFERENCE_BOTS = (BIG_MONEY, BMU, SMITHY_BM, MILITIA_BM, DOUBLE_MILITIA)


class RandomBot:
    """Makes uniformly random legal decisions (the engine does it: ``F_KIND = K_RANDOM``).

    A baseline every real bot must beat; it has no rules, only the flag.
    """

    name = "random"
    description = "Uniformly random legal choices at every decision (baseline)."

    def program(self) -> P.Program:
        import numpy as np

        flags = np.zeros(P.N_FLAGS, np.int32)
        flags[P.F_KIND] = P.K_RANDOM
        flags[P.F_PLAY_TREASURES] = 1
        flags[P.F_REVEAL_MOAT] = 1
        ranks = np.zeros(N_CARDS, np.int32)
        prog = P.Program(np.zeros((0, 2), np.int32),
                         np.zeros((0, P.MAX_CONDS, P.COND_WIDTH), np.float64),
                         np.zeros(0, np.int32), np.zeros((P.N_LISTS, 2), np.int32),
                         ranks.copy(), ranks.copy(), ranks.copy(), ranks.copy(), flags)
        prog.validate()
        return prog

    def __repr__(self) -> str:
        return "RandomBot()"


def _bm(name: str, description: str, extra: list, play: list[str] | None = None,
        silver_first: bool = False, **kw) -> RuleBot:
    """Big Money Ultimate's greening with ``extra`` buy rules after Gold (or after Silver
    when ``silver_first``): the skeleton most one-card bots share."""
    head = [Buy("Province", money() > 15),
            Buy("Duchy", left("Province") <= 4),
            Buy("Estate", left("Province") <= 2),
            Buy("Gold"),
            Buy("Duchy", left("Province") <= 6)]
    tail = [Buy("Silver")] + extra if silver_first else extra + [Buy("Silver")]
    return RuleBot(name, description, buy=head + tail, play=play, avoid_losing_end=True,
                   **kw)


OTHER_BOTS = (
    RandomBot(),
    RuleBot(
        "village-smithy",
        "Engine: alternates Smithies and Villages (Smithy first), then Gold and Provinces.",
        buy=[Buy("Province", count("Gold") > 0),
             Buy("Duchy", left("Province") <= 4),
             Buy("Estate", left("Province") <= 2),
             Buy("Gold"),
             Buy("Smithy", count("Smithy") <= count("Village"), count("Smithy") < 5),
             Buy("Village", count("Village") < count("Smithy")),
             Buy("Silver")],
        avoid_losing_end=True),
    _bm("market-bm", "Big Money buying Market at $5 (up to 5) for the card, Buy and $.",
        [Buy("Market", count("Market") < 5)]),
    _bm("mine-bm", "Big Money with one Mine: Silver into Gold, else Copper into Silver.",
        [Buy("Mine", count("Mine") < 1)], play=["Mine"],
        mine=[Mine("Silver", "Gold"), Mine("Copper", "Silver")]),
    _bm("remodel-bm",
        "Big Money with one Remodel: Gold into Province late, Curse into Estate, "
        "Estate into Silver early.",
        [Buy("Remodel", count("Remodel") < 1)], play=["Remodel"],
        remodel=[Remodel("Gold", "Province", left("Province") <= 6),
                 Remodel("Curse", "Estate"),
                 Remodel("Estate", "Silver", left("Province") > 4)]),
    RuleBot(
        "workshop-gardens",
        "Workshops (up to 8) gain Workshops, then Gardens, then Estates; buys Coppers with "
        "spare $ to grow the deck for Gardens.",
        buy=[Buy("Province"),
             Buy("Workshop", count("Workshop") < 8),
             Buy("Gardens"),
             Buy("Estate", left("Gardens") == 0),
             Buy("Estate", gains_to_end() <= 3),
             Buy("Copper")],
        gain=[Gain("Workshop", count("Workshop") < 8),
              Gain("Gardens"),
              Gain("Estate"),
              Gain("Silver")],
        avoid_losing_end=True),
    _bm("cellar-bm", "Big Money buying up to 2 Cellars with $2 to cycle past green cards.",
        [Buy("Cellar", count("Cellar") < 2)], silver_first=True),
    _bm("moat-bm",
        "Big Money with a Moat (two against Militia/Witch players), played as a small Smithy "
        "and revealed against attacks.",
        [Buy("Moat", count("Moat") < 1),
         Buy("Moat", count("Moat") < 2, opp_count("Militia") > 0),
         Buy("Moat", count("Moat") < 2, opp_count("Witch") > 0)], play=["Moat"]),
    _bm("merchant-bm", "Big Money adding one Merchant per two Silvers.",
        [Buy("Merchant", count("Merchant") < count("Silver") / 2)]),
    _bm("witch-bm", "Big Money with two Witches (drawing, cursing the opponents).",
        [Buy("Witch", count("Witch") < 2)], play=["Witch"]),
    _bm("lab-bm", "Big Money buying Laboratory at $5.", [Buy("Laboratory")]),
    _bm("council-room-bm", "Big Money with one Council Room.",
        [Buy("Council Room", count("Council Room") < 1)], play=["Council Room"]),
    _bm("moneylender-bm", "Big Money with one Moneylender trashing Coppers early.",
        [Buy("Moneylender", count("Moneylender") < 1, turn() <= 6)], play=["Moneylender"]),
    _bm("chapel-bm", "Big Money with one early Chapel that trashes Curses and Estates only.",
        [Buy("Chapel", count("Chapel") < 1, turn() <= 4)], silver_first=True,
        play=["Chapel"], trash=["Curse", "Estate"]),
    _bm("festival-smithy", "Festivals for Actions and $ feeding Smithies (one each, in turn).",
        [Buy("Festival", count("Festival") < count("Smithy")),
         Buy("Smithy", count("Smithy") <= count("Festival"), count("Smithy") < 4)]),
)

# One bot per card of the rest of the base set (2nd edition), each Big Money plus the
# card as the community writes them.  tests/test_bots_base_rest.py checks each plays and
# which of them beat plain big-money.
BASE_REST_BOTS = (
    _bm("harbinger-bm", "Big Money with one Harbinger per Gold, putting the best Treasure or "
        "Action of the discard pile back on the deck.",
        [Buy("Harbinger", count("Harbinger") < count("Gold"))]),
    _bm("vassal-bm", "Big Money with one Vassal (a terminal +$2 that cycles a card).",
        [Buy("Vassal", count("Vassal") < 1)], play=["Vassal"]),
    _bm("bureaucrat-bm", "Big Money with one Bureaucrat gaining Silvers onto the deck.",
        [Buy("Bureaucrat", count("Bureaucrat") < 1)], play=["Bureaucrat"]),
    _bm("poacher-bm", "Big Money with up to two Poachers (a cantrip +$1) at $4.",
        [Buy("Poacher", count("Poacher") < 2)]),
    _bm("throne-room-bm",
        "Smithy Big Money with one Throne Room once it has two Smithies, to draw six cards.",
        [Buy("Smithy", count("Smithy") < count("Treasure") / 11),
         Buy("Throne Room", count("Throne Room") < 1, count("Smithy") >= 2)],
        play=["Throne Room", "Smithy"]),
    _bm("bandit-bm", "Big Money with up to two Bandits gaining Golds and trashing the "
        "opponents' Silvers and Golds.",
        [Buy("Bandit", count("Bandit") < 2)], play=["Bandit"]),
    _bm("library-bm", "Big Money with up to two Libraries drawing to seven cards.",
        [Buy("Library", count("Library") < 2)], play=["Library"]),
    _bm("sentry-bm", "Big Money with one Sentry trashing Curses, Estates and Coppers and "
        "discarding green cards from the top of the deck.",
        [Buy("Sentry", count("Sentry") < 1)]),
    RuleBot(
        "artisan-bm",
        "Big Money with one Artisan at $6 gaining Silvers (Duchies late) and putting a "
        "Silver back on the deck.",
        buy=[Buy("Province", money() > 15),
             Buy("Duchy", left("Province") <= 4),
             Buy("Estate", left("Province") <= 2),
             Buy("Artisan", count("Artisan") < 1),
             Buy("Gold"),
             Buy("Duchy", left("Province") <= 6),
             Buy("Silver")],
        gain=[Gain("Duchy", left("Province") <= 5), Gain("Silver")],
        play=["Artisan"], topdeck=["Silver"], avoid_losing_end=True),
)

BOTS = REFERENCE_BOTS + OTHER_BOTS + BASE_REST_BOTS
