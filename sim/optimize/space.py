"""The space of bots the search explores: a rule template with tunable genes.

Every candidate is a rule bot whose buy list is, in this order::

    Province  [if money > P   |   if count(Gold) > G-1]
    Duchy     if left(Province) <= DL          (absent when DL = 0)
    Estate    if left(Province) <= EL          (absent when EL = 0)
    <rules in slot "early">
    Gold
    <rules in slot "gold">
    Duchy     if left(Province) <= DM          (absent when DM = 0)
    <rules in slot "mid">
    Silver
    <rules in slot "late">

The slots hold *buy genes* (:class:`CardGene`), any number per kingdom card or
Event, in the order of the genome within each slot.  A gene is a rule ``Buy X if
...`` whose conditions are:

* a limit: none (``any``), ``count(X) < N`` (``count``; for an Event ``bought(X) <
  N``), ``count(X) < count(Treasure) / D`` (``ratio``, or per D Actions), or
  ``count(X) < count(Y) + K`` (``rel``: a village kept level with the Smithies),
  with an optional cap ``count(X) < C``;
* a prerequisite: ``count(Y) >= k`` (another card owned first), ``bought(E) >= 1``
  (an Event bought first) or ``left(Y) > 0`` (while a pile is not empty);
* a phase of the game: Provinces left, turn, the deck's money or the coins in hand
  (:data:`PHASES`).

Besides the buy list, a genome holds the rest of a turn: the order the owned
Actions are played in (which also says what Throne Room and Disciple double);
where Actions go when the bot must discard; the pile each token goes on (Lost
Arts, Seaway, Training, Pathfinding, Ferry, Plan, Teacher); what Workshop-style
gains take (Seaway, Ball, Alms, Messenger, Hero...); when to call the Tavern cards
(Royal Carriage and Duplicate on which cards, Guide on which hands); how far each
Traveller line is exchanged (and how many of its last card); the options of the
cards with modes (bots.rules.CHOICES; for Pawn and Courtier, which choose several, also
the option taken next); whether Coppers are trashed (with Masquerade, whose pass reads the
trash list, also whether Copper goes before Estate); and Teacher's token order.
Which of these genes a search varies is its :class:`Space`: :meth:`Space.for_kingdom`
builds it from the card table (types, costs, the Events' tokens), a bare ``Space(...)``
varies only the genes given (the toy spaces of the tests).

BMU, Smithy-BM, Militia-BM, Big Money, and the library's Event and engine bots of
this shape (``lost-arts-seaway``, ``event-money``, ...) are points of this space, so
a search can start from them (:func:`genome_from_bot`).  A :class:`Genome` is a
plain, hashable value; its :meth:`Genome.key` is the bot *in effect* (rules that
can never fire, genes of cards never owned and orders among cards never played
drop out), so two genomes that make the same bot are raced once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache

import numpy as np

from bots.errors import RuleError
from bots.rules import (
    CHOICES,
    TOKEN_NAMES,
    Buy,
    Call,
    Choose,
    Gain,
    Keep,
    RuleBot,
    default_play_order,
)
from sim.cards import (
    ACTION,
    CARDS,
    EVENT,
    TRAVELLER_LINES,
    TREASURE,
    card_id,
)
from sim.cards.decisions import DEF_PASS_LEAST, DEF_TORTURER, DOM_UNCHOSEN
from sim.engine.codes import DECISIONS, READS_TRASH_LIST

#: Attack-discard order of the reference bots (bots.library.REFERENCE_DISCARD).
DISCARD = ("Province", "Duchy", "Estate", "Curse", "Copper", "Silver")
#: Where the bought Actions go in that order (discarded first = earlier): after it
#: (kept over every Treasure), before Silver, or before Copper.
ACTION_DISCARD = ("last", "before_silver", "before_copper")
#: The discard list: the reference bots' (above), or none (the engine's default order:
#: Curse first, then Victory cards, Copper, the rest cheapest first).
DISCARD_LISTS = ("reference", "default")
#: The slots of the template's first version (a bare Space); ALL_SLOTS adds "gold".
SLOTS = ("early", "mid", "late")
ALL_SLOTS = ("early", "gold", "mid", "late")
_SLOT_RANK = {s: i for i, s in enumerate(ALL_SLOTS)}

# Limit kinds: off, fixed count, one per D Treasures (or Actions), level with another
# card (+K), no limit.
OFF, FIXED, RATIO, REL, ANY = "off", "count", "ratio", "rel", "any"
LIMIT_KINDS = (OFF, FIXED, RATIO, REL, ANY)
EVENT_KINDS = (OFF, FIXED, ANY)

#: Phase conditions a buy gene may carry: name -> (condition text, values tried).
PHASES: dict[str, tuple[str, tuple[int, ...]]] = {
    "prov_ge": ("left(Province) >= {}", tuple(range(2, 9))),
    "prov_le": ("left(Province) <= {}", tuple(range(1, 8))),
    "turn_le": ("turn <= {}", tuple(range(2, 21))),
    "turn_ge": ("turn >= {}", tuple(range(3, 21))),
    "money_ge": ("money >= {}", tuple(range(3, 25))),
    "money_le": ("money <= {}", tuple(range(3, 25))),
    "coins_ge": ("coins >= {}", tuple(range(2, 11))),
    "coins_le": ("coins <= {}", tuple(range(2, 11))),
}
_PHASE_WORDS = {"prov": "Provinces left", "turn": "turn", "money": "deck money",
                "coins": "coins"}

#: The token each Event moves (Seaway's +1 Buy follows the card it gains).
TOKEN_EVENTS = {"Pathfinding": "+1 Card", "Lost Arts": "+1 Action", "Training": "+$1",
                "Ferry": "-$2", "Plan": "Trashing", "Seaway": "+1 Buy"}
#: Teacher moves these.
TEACHER_TOKENS = ("+1 Card", "+1 Action", "+1 Buy", "+$1")
#: "Gain a card costing up to": the limit and the type the gain must have (0: any).
GAIN_LIMITS = {"Workshop": (4, 0), "Artisan": (5, 0), "Messenger": (4, 0), "Alms": (4, 0),
               "Ball": (4, 0), "Seaway": (4, ACTION), "Hero": (99, TREASURE)}
#: Basic cards a gain may take.
_GAIN_BASICS = ("Copper", "Silver", "Gold", "Estate", "Duchy")
#: Reserve cards whose call is a gene: Royal Carriage and Duplicate on which cards,
#: Guide on which hands (the most $ of Treasures in hand it discards).
CALL_ON = ("Royal Carriage", "Duplicate")
GUIDE_COINS = tuple(range(0, 6))
#: Cards and Events that read the trash list (what they trash; Duplicate and Travelling
#: Fair skip what is on it): the trash gene matters with them.  They are the cards of the
#: decisions whose default reads it, as the table of decisions declares (a trasher whose
#: default ignores the list, trashing a Copper always, is none).
#: Intrigue's defaults that count the junk in hand by it (Steward, Mill, Diplomat's reveal)
#: are among them.  Torturer's is not a trasher of the bot's: its question is asked of the
#: victims of the opponents' Torturers, which a bot's own cards do not tell.
TRASHERS = tuple(sorted({CARDS[d.card].name for d in DECISIONS
                         if d.default in READS_TRASH_LIST - {DEF_TORTURER} and d.card != -1}))
#: The trash gene: the default list (Curse, Estate, Copper) or keep the Coppers.
TRASH_OPTIONS = ("", "keep_copper")
#: Cards that give a card away by the list's order (Masquerade's pass: its first card in
#: hand, else the cheapest non-Victory card): with them the gene also tries the lists that
#: put Copper before Estate, so the pass can keep the Estates' VP and give Coppers away
#: (and their trashing takes Coppers first, or never an Estate).
PASSERS = tuple(sorted({CARDS[d.card].name for d in DECISIONS
                        if d.default == DEF_PASS_LEAST and d.card != -1}))
PASS_OPTIONS = ("copper_first", "keep_estate")
_TRASH_LISTS = {"keep_copper": ("Curse", "Estate"), "copper_first": ("Curse", "Copper", "Estate"),
                "keep_estate": ("Curse", "Copper")}
_TRASH_WORDS = {"keep_copper": "trashes no Copper",
                "copper_first": "trashes and gives away Copper before Estate",
                "keep_estate": "trashes and gives away Copper, never Estate"}
#: Cards whose mode question is asked once per option, each a different one (Pawn's two,
#: Courtier's one per type revealed; the engine skips a Choose rule naming an option
#: already chosen): their choose gene also names the option preferred next (``also``).
MULTI_CHOICE = tuple(sorted({CARDS[d.card].name for d in DECISIONS
                             if d.domain == DOM_UNCHOSEN and d.choices}))
#: Exchange genes: how far along its line a Traveller goes (4: the end).
LINE_STAGES = 4
#: What the card table's counters do not say, for the archetypes (:meth:`Space.archetypes`):
#: +Actions a card gives by its text (Coin of the Realm, called), cards it draws by its
#: text (Library draws to 7, Haunted Woods and Ranger on a later or every other turn).
TEXT_ACTIONS = {"Coin of the Realm": 2}
TEXT_DRAW = {"Library": 3, "Haunted Woods": 3, "Ranger": 3}
#: Always in the Supply: a rule may count them whatever the bot buys.
BASICS = frozenset(("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"))
#: The Event whose Estate token makes a player's Estates Actions: a genome that can buy it
#: has "Estate" in its play order (bots.rules: a listed Estate is played only then).
INHERITANCE = "Inheritance"
#: Kingdom cards that give a player cards it did not choose (an opponent's Messenger
#: gains it a copy): with them any card may come to be owned.
GIVERS = ("Messenger",)


@cache
def _name(c: str | int) -> str:
    return CARDS[card_id(c)].name


@cache
def _is_event(name: str) -> bool:
    return CARDS[card_id(name)].is_type(EVENT)


@cache
def _is_action(name: str) -> bool:
    return CARDS[card_id(name)].is_type(ACTION)


@cache
def _is_line(name: str) -> bool:
    return card_id(name) in TRAVELLER_LINES


@cache
def _chain(start: str) -> tuple[str, ...]:
    """A Traveller line: its Supply card, then the cards it is exchanged into."""
    return (start, *(CARDS[c].name for c in TRAVELLER_LINES[card_id(start)]))


@lru_cache(maxsize=1 << 16)
def _conditions(gene: CardGene) -> tuple[str, ...]:
    return tuple(gene._conditions())


@lru_cache(maxsize=1 << 16)
def _owned(g: Genome) -> tuple[frozenset[str], frozenset[str], bool]:
    return g._owned()


@lru_cache(maxsize=1 << 16)
def _key(g: Genome, wild: bool) -> tuple:
    return g._key(wild)


@cache
def _play_rank() -> dict[str, int]:
    """Each Action's place in the default play order; Estate (an Action through
    Inheritance, in no default order) after them all: it goes last until the play gene
    moves it."""
    rank = {CARDS[i].name: k for k, i in enumerate(default_play_order())}
    rank["Estate"] = len(rank)
    return rank


@dataclass(frozen=True)
class CardGene:
    """One buy rule: buy ``card`` (a kingdom card or an Event) in ``slot`` under a limit
    of ``kind`` with its number ``n`` (see the module docstring), and optionally a cap,
    a prerequisite and a phase of the game.

    ``ref``: what a ``ratio`` counts per ``n`` ("" or "Treasure", "Action"), the card a
    ``rel`` limit follows; ``cap``: also ``count(card) < cap`` (0: none); ``need``: a
    card owned ``need_n`` times first (``need_n`` 0: while its pile is not empty) or
    an Event bought first; ``phase`` / ``phase_n``: a :data:`PHASES` condition.
    """

    card: str
    kind: str = OFF
    n: int = 1
    slot: str = "mid"
    ref: str = ""
    cap: int = 0
    need: str = ""
    need_n: int = 1
    phase: str = ""
    phase_n: int = 0

    @property
    def is_event(self) -> bool:
        return _is_event(self.card)

    def conditions(self) -> list[str]:
        """The rule's conditions as text (what the TOML file says)."""
        return list(_conditions(self))

    def _conditions(self) -> list[str]:
        c = self.card
        out = []
        if self.kind == FIXED:
            out.append(f"bought({c}) < {self.n}" if self.is_event else f"count({c}) < {self.n}")
        elif self.kind == RATIO:
            out.append(f"count({c}) < count({self.ref or 'Treasure'}) / {self.n}")
        elif self.kind == REL:
            out.append(f"count({c}) < count({self.ref})" + (f" + {self.n}" if self.n else ""))
        if self.cap and self.kind in (RATIO, REL) and not self.is_event:
            out.append(f"count({c}) < {self.cap}")
        if self.need:
            if _is_event(self.need):
                out.append(f"bought({self.need}) >= 1")
            elif self.need_n <= 0:
                out.append(f"left({self.need}) > 0")
            else:
                out.append(f"count({self.need}) >= {self.need_n}")
        if self.phase:
            out.append(PHASES[self.phase][0].format(self.phase_n))
        return out

    def key(self) -> tuple:
        """Equal keys, equal rules: the card, its slot and its conditions (an off gene
        forgets the rest)."""
        if self.kind == OFF:
            return (self.card, OFF)
        return (self.card, self.slot, tuple(self.conditions()))

    def describe(self) -> str:
        c = self.card
        if self.kind == FIXED:
            text = (f"{c} up to {self.n} times" if self.is_event else f"{c} up to {self.n}")
        elif self.kind == RATIO:
            text = f"{c} 1 per {self.n} {self.ref or 'Treasure'}s"
        elif self.kind == REL:
            text = f"{c} while fewer than {self.ref}" + (f" + {self.n}" if self.n else "")
        else:
            text = f"{c} always" if self.is_event else f"{c} without limit"
        if self.cap and self.kind in (RATIO, REL) and not self.is_event:
            text += f", at most {self.cap}"
        if self.need:
            text += (f", after {self.need}" if _is_event(self.need) else
                     f", while {self.need} is left" if self.need_n <= 0 else
                     f", with {self.need_n}+ {self.need}")
        if self.phase:
            word = _PHASE_WORDS[self.phase.split("_")[0]]
            text += f", {word} {'>=' if self.phase.endswith('ge') else '<='} {self.phase_n}"
        return f"{text} ({self.slot})"


@dataclass(frozen=True)
class CallGene:
    """When a Reserve is called: Royal Carriage / Duplicate ``on`` those cards, Guide when
    the hand's Treasures make at most ``n`` $."""

    card: str
    on: tuple[str, ...] = ()
    n: int = -1


@dataclass(frozen=True)
class ExchangeGene:
    """A Traveller line (``card``: Page or Peasant) is exchanged up to stage ``upto``
    (0: never exchanged; 4: to its last card); with ``cap`` > 0 the card before the
    last stage is kept once ``cap`` of the last are owned."""

    card: str
    upto: int = LINE_STAGES
    cap: int = 0


@dataclass(frozen=True)
class ChooseGene:
    """A card's mode: ``first`` (an option of bots.rules.CHOICES) while ``turn`` <= T (0:
    always), then ``then``.  ``also`` (the cards of :data:`MULTI_CHOICE`, which choose
    several different options one at a time): the option taken next, once ``first`` (or
    ``then``) is chosen; written as a last Choose rule, which the engine reaches when the
    earlier rules name options already chosen (Pawn's +1 Card and +1 Buy)."""

    card: str
    first: str = ""
    turn: int = 0
    then: str = ""
    also: str = ""


def _tuple_of(cls, items) -> tuple:
    return tuple(cls(**{k: (tuple(v) if isinstance(v, list) else v) for k, v in d.items()})
                 for d in items)


@dataclass(frozen=True)
class Genome:
    """One candidate bot, as plain values.

    ``province_money``: buy Province only with more than this total money (0: always);
    ``province_gold`` > 0 replaces it with "own at least that many Golds" (written
    ``count(Gold) > N-1``).  ``duchy_late`` / ``estate_late`` / ``duchy_mid``: the
    Province-pile thresholds of the greening rules (0: rule absent).  ``cards``: the
    buy genes, in priority order within each slot.  ``play``: the play order (Actions
    not named follow in the default order).  The other fields are the rest of the
    turn (see the module docstring); an empty one is the engine's default.
    """

    province_money: int = 18
    province_gold: int = 0
    duchy_late: int = 4
    estate_late: int = 2
    duchy_mid: int = 6
    cards: tuple[CardGene, ...] = ()
    play: tuple[str, ...] = ()
    action_discard: str = "last"
    discard_list: str = "reference"
    tokens: tuple[tuple[str, str], ...] = ()
    gains: tuple[tuple[str, str], ...] = ()
    calls: tuple[CallGene, ...] = ()
    exchanges: tuple[ExchangeGene, ...] = ()
    chooses: tuple[ChooseGene, ...] = ()
    trash: str = ""
    teacher: tuple[str, ...] = ()

    # -- what the bot can come to own -------------------------------------------------
    def _exchange(self, card: str) -> ExchangeGene:
        return next((e for e in self.exchanges if e.card == card), ExchangeGene(card))

    def live_rules(self) -> list[tuple[str, CardGene]]:
        """The buy genes that can fire, in the buy list's order, each with the slot it
        is in effect ("gold" is "mid" without a Duchy rule between them): a rule whose
        prerequisite is never owned, that follows a rule of its card that it implies,
        or that must stay below a count of a card never owned, is dropped."""
        owned, events, _ = self.owned()
        out: list[tuple[str, CardGene]] = []
        for slot, gene in self._ordered():
            if not _can_fire(gene, owned | events):
                continue
            if any(_implies(gene, e) for _, e in out if e.card == gene.card):
                continue
            out.append((slot, gene))
        return out

    def _ordered(self) -> list[tuple[str, CardGene]]:
        """The genes switched on, in buy-list order, with their slot in effect."""
        def eff(s: str) -> str:
            return "mid" if s == "gold" and not self.duchy_mid else s

        on = [c for c in self.cards if c.kind != OFF]
        return sorted(((eff(c.slot), c) for c in on), key=lambda x: _SLOT_RANK[x[0]])

    def owned(self) -> tuple[frozenset[str], frozenset[str], bool]:
        """(kingdom cards the bot can come to own, Events it can buy, whether a card
        outside these may come to it: a gain that may take any Action, Seaway,
        Inheritance, Pilgrimage): a fixpoint over the buy genes, the gain genes and the
        Traveller exchanges."""
        return _owned(self)

    def _owned(self) -> tuple[frozenset[str], frozenset[str], bool]:
        cards: set[str] = set()
        events: set[str] = set()
        gains = dict(self.gains)
        wild = False
        on = [c for c in self.cards if c.kind != OFF]
        while True:
            before = len(cards) + len(events)
            for gene in on:
                if _can_fire(gene, cards | events):
                    (events if gene.is_event else cards).add(gene.card)
            for src in list(cards | events):
                if src in GAIN_LIMITS and gains.get(src):
                    cards.add(gains[src])
                # Seaway takes the costliest Action when its choice is gone; Inheritance
                # and Pilgrimage use Actions of any pile.
                wild = wild or src in ("Seaway", "Inheritance", "Pilgrimage")
            for start in [c for c in cards if _is_line(c)]:
                chain = _chain(start)
                cards.update(chain[1:self._exchange(start).upto + 1])
            if len(cards) + len(events) == before:
                return frozenset(cards), frozenset(events), wild

    def play_order(self) -> list[str]:
        """The Actions the bot may own in the order they are played: ``play`` first (in
        its order), then the others in the default play order.  They are the Actions
        among ``cards``, the gain genes' targets and the cards their Traveller lines
        are exchanged into (an explicit play list plays only what it names), and Estate
        when the bot can buy Inheritance (its Estates are then Actions; last by
        default)."""
        names = [c.card for c in self.cards if not c.is_event]
        names += [t for _, t in self.gains if t]
        for start in [c for c in names if _is_line(c)]:
            names += list(_chain(start)[1:])
        actions = list(dict.fromkeys(n for n in names if _is_action(n)))
        if INHERITANCE in self.owned()[1]:
            actions.append("Estate")
        listed = [c for c in self.play if c in actions]
        rank = _play_rank()
        return listed + sorted((c for c in actions if c not in listed), key=rank.get)

    def bought_play_order(self, wild: bool = False) -> tuple[str, ...]:
        """The play order of the Actions this bot can come to own (all that tells two
        orders apart; every Action when a card may come from elsewhere, or ``wild``)."""
        owned, _, own_wild = self.owned()
        order = self.play_order()
        return tuple(order) if wild or own_wild else tuple(c for c in order if c in owned)

    # -- equality in effect -----------------------------------------------------------
    def key(self, wild: bool = False) -> tuple:
        """Equal keys, equal bots: the buy rules that can fire, the play order among the
        Actions owned, and the genes of what is owned (a card switched off forgets its
        number and slot; a token whose Event is never bought, a call of a card never
        owned, the play order of cards never owned do not count).  ``wild``: cards may
        come from elsewhere (an opponent's Messenger): every play order counts."""
        return _key(self, bool(wild))

    def _key(self, wild: bool) -> tuple:
        owned, events, _ = self.owned()
        have = owned | events
        order = self.bought_play_order(wild)
        tokens = tuple((t, p) for t, p in sorted(self.tokens) if p and self._token_live(t, have))
        gains = tuple((s, t) for s, t in sorted(self.gains) if t and s in have)
        calls = tuple((c.card, tuple(sorted(c.on)), c.n) for c in
                      sorted(self.calls, key=lambda c: c.card)
                      if (c.card in have or wild) and (c.on or c.n >= 0))
        exch = tuple((e.card, e.upto, e.cap if e.upto >= 1 else 0) for e in
                     sorted(self.exchanges, key=lambda e: e.card)
                     if (e.card in have or wild) and (e.upto, e.cap) != (LINE_STAGES, 0))
        # (The rules of different cards never meet: their order among cards is no part
        # of the bot; a stable sort keeps each card's own order.)
        choose = tuple(sorted(((c, o, tuple(conds)) for c, o, conds in self.choose_rules()
                               if c in have or wild), key=lambda r: r[0]))
        trash = self.trash if wild or any(t in have for t in TRASHERS) else ""
        teacher = self.teacher if "Teacher" in have else ()
        discard = (tuple(self.discard_order(wild)) if self.discard_list == "reference"
                   else ())
        rules = tuple((slot, g.card, tuple(g.conditions())) for slot, g in self.live_rules())
        return (self.province_money if not self.province_gold else -1, self.province_gold,
                self.duchy_late, self.estate_late, self.duchy_mid,
                rules, order, discard, tokens, gains, calls, exch, choose, trash, teacher)

    def _token_live(self, token: str, have: frozenset[str]) -> bool:
        placers = [e for e, t in TOKEN_EVENTS.items() if t == token and e != "Seaway"]
        return any(p in have for p in placers) or (token in TEACHER_TOKENS
                                                   and "Teacher" in have)

    def discard_order(self, wild: bool = False) -> list[str]:
        """The attack-discard order: the reference order, with the bought Actions placed
        as ``action_discard`` says (after it they follow the default order)."""
        # The one played last goes first; Estate keeps its place in the reference order.
        actions = [c for c in self.bought_play_order(wild) if c != "Estate"][::-1]
        if self.action_discard == "before_silver" and actions:
            return list(DISCARD[:-1]) + actions + [DISCARD[-1]]
        if self.action_discard == "before_copper" and actions:
            return list(DISCARD[:-2]) + actions + list(DISCARD[-2:])
        return list(DISCARD)

    # -- plain values -----------------------------------------------------------------
    def to_dict(self) -> dict:
        d = {"province_money": self.province_money, "province_gold": self.province_gold,
             "duchy_late": self.duchy_late, "estate_late": self.estate_late,
             "duchy_mid": self.duchy_mid,
             "cards": [_gene_dict(c) for c in self.cards],
             "play": list(self.play), "action_discard": self.action_discard}
        # The genes of the grown space only when set: genomes of the first space keep
        # the dicts (and the saved searches) they had.
        if self.discard_list != "reference":
            d["discard_list"] = self.discard_list
        for name in ("tokens", "gains"):
            if getattr(self, name):
                d[name] = [list(x) for x in getattr(self, name)]
        for name in ("calls", "exchanges", "chooses"):
            if getattr(self, name):
                # (A choose gene's ``also`` only when set: the dicts saved before it stay.)
                d[name] = [{k: (list(v) if isinstance(v, tuple) else v)
                            for k, v in x.__dict__.items() if k != "also" or v}
                           for x in getattr(self, name)]
        if self.trash:
            d["trash"] = self.trash
        if self.teacher:
            d["teacher"] = list(self.teacher)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Genome:
        return cls(province_money=int(d["province_money"]),
                   province_gold=int(d["province_gold"]), duchy_late=int(d["duchy_late"]),
                   estate_late=int(d["estate_late"]), duchy_mid=int(d["duchy_mid"]),
                   cards=tuple(CardGene(**{k: (int(v) if k in ("n", "cap", "need_n",
                                                               "phase_n") else v)
                                           for k, v in c.items()}) for c in d["cards"]),
                   play=tuple(d.get("play", ())),
                   action_discard=str(d.get("action_discard", "last")),
                   discard_list=str(d.get("discard_list", "reference")),
                   tokens=tuple(tuple(x) for x in d.get("tokens", ())),
                   gains=tuple(tuple(x) for x in d.get("gains", ())),
                   calls=_tuple_of(CallGene, d.get("calls", ())),
                   exchanges=_tuple_of(ExchangeGene, d.get("exchanges", ())),
                   chooses=_tuple_of(ChooseGene, d.get("chooses", ())),
                   trash=str(d.get("trash", "")), teacher=tuple(d.get("teacher", ())))

    # -- the bot ------------------------------------------------------------------------
    def buy_rules(self) -> list[tuple[str, list[str]]]:
        """The buy list as (card, [condition text]) in priority order."""
        if self.province_gold > 0:
            prov = [f"count(Gold) > {self.province_gold - 1}"]
        elif self.province_money > 0:
            prov = [f"money > {self.province_money}"]
        else:
            prov = []
        rules: list[tuple[str, list[str]]] = [("Province", prov)]
        if self.duchy_late > 0:
            rules.append(("Duchy", [f"left(Province) <= {self.duchy_late}"]))
        if self.estate_late > 0:
            rules.append(("Estate", [f"left(Province) <= {self.estate_late}"]))

        # Only the rules that can fire: the file says what the bot does (a rule whose
        # prerequisite is never owned, or that an earlier rule of its card covers, would
        # be dead text).
        live = self.live_rules()

        def slot(name: str) -> None:
            rules.extend((c.card, c.conditions()) for s, c in live if s == name)

        slot("early")
        rules.append(("Gold", []))
        slot("gold")
        if self.duchy_mid > 0:
            rules.append(("Duchy", [f"left(Province) <= {self.duchy_mid}"]))
        slot("mid")
        rules.append(("Silver", []))
        slot("late")
        return rules

    def gain_rules(self) -> list[tuple[str, str]]:
        """(card, by) of the gain genes."""
        return [(t, s) for s, t in self.gains if t]

    def call_rules(self) -> list[tuple[str, list[str], list[str]]]:
        """(card, on, conditions) of the call genes."""
        out = []
        for c in self.calls:
            if c.card == "Guide" and c.n >= 0:
                out.append(("Guide", [], [f"hand_coins <= {c.n}"]))
            elif c.on:
                out.append((c.card, list(c.on), []))
        return out

    def exchange_rules(self) -> list[tuple[str, list[str]]]:
        """(card kept, conditions) of the exchange genes (every Traveller not kept is
        exchanged, the engine's default)."""
        out = []
        for e in self.exchanges:
            chain = _chain(e.card)
            if e.cap > 0 and e.upto >= 1:
                out.append((chain[e.upto - 1], [f"count({chain[e.upto]}) >= {e.cap}"]))
            if e.upto < LINE_STAGES:
                out.append((chain[e.upto], []))
        return out

    def choose_rules(self) -> list[tuple[str, str, list[str]]]:
        """(card, option, conditions) of the choose genes: ``first`` (to turn T, then
        ``then``), and ``also`` last where it can be reached (a card choosing several
        options, naming one the rules before it do not always take)."""
        out = []
        for c in self.chooses:
            if not c.first:
                continue
            if c.turn > 0 and c.then:
                out += [(c.card, c.first, [f"turn <= {c.turn}"]), (c.card, c.then, [])]
                always = c.then
            else:
                out.append((c.card, c.first, []))
                always = c.first
            if c.also and c.also != always and c.card in MULTI_CHOICE:
                out.append((c.card, c.also, []))
        return out

    def token_table(self) -> dict[str, list[str]]:
        return {t: [p] for t, p in self.tokens if p}

    def trash_list(self) -> list[str] | None:
        return list(_TRASH_LISTS[self.trash]) if self.trash else None

    def bot(self, name: str, description: str = "") -> RuleBot:
        """The candidate as a :class:`RuleBot` (what :func:`to_toml` writes, loaded back)."""
        from bots.conditions import parse_condition

        buy = [Buy(card, *(parse_condition(t) for t in conds))
               for card, conds in self.buy_rules()]
        calls = [Call(card, *conds, on=on or None) for card, on, conds in self.call_rules()]
        return RuleBot(name, description or self.describe(), buy=buy,
                       gain=[Gain(card, by=by) for card, by in self.gain_rules()],
                       discard=self.discard_order() if self.discard_list == "reference"
                       else None,
                       play=self.play_order() if self._plays_listed() else None,
                       calls=calls,
                       exchange=[Keep(card, *conds) for card, conds in self.exchange_rules()],
                       choose=[Choose(card, opt, *conds)
                               for card, opt, conds in self.choose_rules()],
                       tokens=self.token_table() or None, trash=self.trash_list(),
                       teacher_tokens=list(self.teacher) or None, avoid_losing_end=True)

    def _plays_listed(self) -> bool:
        """The bot gets an explicit play list: the genome orders its plays, or its
        Estates may be Actions (the engine's default play order has no Estate)."""
        return bool(self.play) or INHERITANCE in self.owned()[1]

    def describe(self) -> str:
        """One line: the thresholds, the rules and the rest of the turn."""
        prov = (f"Province with {self.province_gold}+ Gold" if self.province_gold else
                f"Province at money > {self.province_money}" if self.province_money else
                "Province always")
        parts = [prov, f"Duchy at <= {self.duchy_late}/{self.duchy_mid} Provinces left",
                 f"Estate at <= {self.estate_late}"]
        parts += [c.describe() for _, c in self._ordered()]
        order = self.bought_play_order()
        if len(order) > 1 and self._plays_listed():
            parts.append("plays " + ", ".join(order))
        if order and self.action_discard != "last" and self.discard_list == "reference":
            parts.append("discards Actions " + self.action_discard.replace("_", " "))
        if self.discard_list == "default":
            parts.append("discards in the default order")
        for t, p in self.tokens:
            if p:
                parts.append(f"{t} token on {p}")
        for s, t in self.gains:
            if t:
                parts.append(f"{s} gains {t}")
        for c in self.calls:
            if c.card == "Guide" and c.n >= 0:
                parts.append(f"calls Guide on hands of <= ${c.n}")
            elif c.on:
                parts.append(f"calls {c.card} on {', '.join(c.on)}")
        for e in self.exchanges:
            chain = _chain(e.card)
            text = f"{e.card} exchanged up to {chain[e.upto]}"
            if e.cap and e.upto >= 1:
                text += f" ({e.cap} at most, then {chain[e.upto - 1]})"
            parts.append(text)
        for c in self.chooses:
            if c.first:
                parts.append(f"{c.card}: {c.first}" + (
                    f" to turn {c.turn}, then {c.then}" if c.turn and c.then else "") + (
                    f", and {c.also}" if c.also and c.card in MULTI_CHOICE else ""))
        if self.trash:
            parts.append(_TRASH_WORDS[self.trash])
        if self.teacher:
            parts.append("Teacher: " + ", ".join(self.teacher))
        return "Found by domsim optimize: " + "; ".join(parts) + "."

    def to_toml(self, name: str, description: str = "", header: Sequence[str] = ()) -> str:
        """The bot as a TOML file that ``bots.toml_bot.load_bot_file`` reads back."""
        def q(items: Iterable[str]) -> str:
            return "[" + ", ".join(f'"{c}"' for c in items) + "]"

        lines = [f"# {h}" if h else "#" for h in header]
        desc = (description or self.describe()).replace("\\", "\\\\").replace('"', '\\"')
        lines += [f'name = "{name}"', f'description = "{desc}"', "avoid_losing_end = true"]
        if self.discard_list == "reference":
            lines.append("discard = " + q(self.discard_order()))
        if self._plays_listed():
            lines.append("play = " + q(self.play_order()))
        if self.trash:
            lines.append("trash = " + q(self.trash_list() or []))
        if self.teacher:
            lines.append("teacher_tokens = " + q(self.teacher))
        table = self.token_table()
        if table:
            lines += ["", "[tokens]"] + [f'"{t}" = {q(p)}' for t, p in table.items()]
        for card, conds in self.buy_rules():
            lines += ["", "[[buy]]", f'card = "{card}"']
            if conds:
                lines.append("if = " + q(conds))
        for card, by in self.gain_rules():
            lines += ["", "[[gain]]", f'card = "{card}"', f'by = "{by}"']
        for card, on, conds in self.call_rules():
            lines += ["", "[[call]]", f'card = "{card}"']
            if on:
                lines.append("on = " + q(on))
            if conds:
                lines.append("if = " + q(conds))
        for card, conds in self.exchange_rules():
            lines += ["", "[[exchange]]", f'card = "{card}"', "keep = true"]
            if conds:
                lines.append("if = " + q(conds))
        for card, opt, conds in self.choose_rules():
            lines += ["", "[[choose]]", f'card = "{card}"', f'option = "{opt}"']
            if conds:
                lines.append("if = " + q(conds))
        return "\n".join(lines) + "\n"


def _gene_dict(c: CardGene) -> dict:
    d = {"card": c.card, "kind": c.kind, "n": c.n, "slot": c.slot}
    # The fields of the grown space only when set (old dicts stay as they were).
    for k, default in (("ref", ""), ("cap", 0), ("need", ""), ("need_n", 1), ("phase", ""),
                       ("phase_n", 0)):
        if getattr(c, k) != default:
            d[k] = getattr(c, k)
    return d


def _can_fire(gene: CardGene, have: set[str] | frozenset[str]) -> bool:
    """Whether a rule can ever fire given what the bot can come to own."""
    if gene.kind == OFF:
        return False
    if gene.need and gene.need_n > 0 and gene.need not in have and gene.need not in BASICS:
        return False
    # count(X) < count(Y): never while no Y is owned.
    return not (gene.kind == REL and gene.n <= 0 and gene.ref not in have
                and gene.ref not in BASICS)


def _implies(later: CardGene, earlier: CardGene) -> bool:
    """``earlier`` (same card, before it in the buy list) holds whenever ``later`` does,
    so ``later`` can never be the rule that fires."""
    a, b = set(later.conditions()), set(earlier.conditions())
    if b <= a:
        return True
    if later.kind == FIXED and earlier.kind == FIXED and later.n <= earlier.n:
        strip = {f"count({later.card}) < {later.n}", f"bought({later.card}) < {later.n}"}
        strip_b = {f"count({earlier.card}) < {earlier.n}",
                   f"bought({earlier.card}) < {earlier.n}"}
        return (b - strip_b) <= (a - strip)
    return False


def _range(lo: int, hi: int) -> tuple[int, ...]:
    return tuple(range(lo, hi + 1))


def _pairs(items) -> tuple:
    return tuple((str(k), tuple(v)) for k, v in items)


@dataclass(frozen=True)
class Space:
    """Which values every gene may take, and how a genome is mutated.

    ``cards``: the kingdom cards and Events whose purchase is searched (default:
    every kingdom card and Event of the game).  A gene whose tuple holds one value
    is fixed: the toy space of the tests varies only ``province_money``.
    ``card_counts`` are the fixed limits N tried, ``card_ratios`` the Treasures-per-card
    D.  The fields after ``action_discards`` are the grown space's genes; a bare
    ``Space(...)`` leaves them fixed, :meth:`for_kingdom` turns on those the kingdom
    has: ``card_offsets`` (the K of ``rel`` limits), ``card_refs`` (what a ratio
    counts), ``card_caps``, ``card_phases``, ``card_needs`` (prerequisites),
    ``card_rules`` (the most rules per card), ``event_counts``, ``discard_lists``,
    ``tokens`` (token -> piles), ``gains`` (source -> targets), ``calls`` (Reserve ->
    targets), ``exchanges`` (Traveller lines), ``chooses`` (cards with modes),
    ``trash_options`` and ``teacher`` (Teacher's token order); ``wild``: the kingdom
    gives players cards they did not choose (Messenger), so that every play order and
    every call counts (:meth:`key`); ``archetypes_on``: the first generation also races
    the space's archetypes (:meth:`archetypes`).
    """

    cards: tuple[str, ...] = ()
    province_money: tuple[int, ...] = _range(12, 24)
    province_gold: tuple[int, ...] = (0, 1, 2)
    duchy_late: tuple[int, ...] = _range(0, 8)
    estate_late: tuple[int, ...] = _range(0, 4)
    duchy_mid: tuple[int, ...] = _range(0, 8)
    card_counts: tuple[int, ...] = _range(1, 8)
    card_ratios: tuple[int, ...] = _range(3, 20)
    card_slots: tuple[str, ...] = SLOTS
    card_kinds: tuple[str, ...] = (OFF, FIXED, RATIO)
    play_orders: bool = True          # search the order the bought Actions are played in
    action_discards: tuple[str, ...] = ACTION_DISCARD   # where Actions go when discarding
    card_offsets: tuple[int, ...] = (0, 1, 2)
    card_refs: tuple[str, ...] = ("Treasure",)
    card_caps: tuple[int, ...] = (0,)
    card_phases: tuple[str, ...] = ("",)
    card_needs: bool = False
    card_rules: int = 1
    event_counts: tuple[int, ...] = (1, 2, 3)
    discard_lists: tuple[str, ...] = ("reference",)
    tokens: tuple[tuple[str, tuple[str, ...]], ...] = ()
    gains: tuple[tuple[str, tuple[str, ...]], ...] = ()
    calls: tuple[tuple[str, tuple[str, ...]], ...] = ()
    exchanges: tuple[str, ...] = ()
    chooses: tuple[str, ...] = ()
    trash_options: tuple[str, ...] = ()
    teacher: bool = False
    wild: bool = False
    archetypes_on: bool = False

    @classmethod
    def for_kingdom(cls, kingdom: Iterable[str | int], cards: Iterable[str] | None = None,
                    events: Iterable[str | int] = (), **genes) -> Space:
        """The default space of a kingdom and its Events, from the card table: every
        kingdom card and Event (or ``cards``) with every limit, slot, prerequisite and
        phase; the tokens the Events (and Teacher) move, onto every Action pile; the
        gains of the cards and Events that gain; the calls of Royal Carriage, Duplicate
        and Guide; the Traveller lines; the modes; the trash list when something
        trashes (or counts junk by it), its Copper-first orders when Masquerade passes."""
        names = [_name(k) for k in kingdom]
        ev = [_name(e) for e in events]
        if cards is None:
            cards = names + ev
        else:
            cards = [_name(c) for c in cards]
        game = set(names) | set(ev)
        actions = [n for n in names if _is_action(n)]
        lines = [n for n in names if card_id(n) in TRAVELLER_LINES]
        upgrades = [u for s in lines for u in _chain(s)[1:]]
        tokens = []
        for t in TOKEN_NAMES:
            placed = any(TOKEN_EVENTS.get(e) == t and e != "Seaway" for e in ev) or (
                t in TEACHER_TOKENS and "Peasant" in game)
            if placed and actions:
                tokens.append((t, tuple(actions)))
        gains = []
        for src, (limit, typ) in GAIN_LIMITS.items():
            if src in game or (src == "Hero" and "Page" in game):
                pool = [n for n in names + list(_GAIN_BASICS)
                        if CARDS[card_id(n)].cost <= limit
                        and (not typ or CARDS[card_id(n)].types & typ)]
                if pool:
                    gains.append((src, tuple(dict.fromkeys(pool))))
        calls = []
        if "Royal Carriage" in game:
            calls.append(("Royal Carriage", tuple(a for a in actions + upgrades
                                                  if _is_action(a) and a != "Royal Carriage")))
        if "Duplicate" in game:
            calls.append(("Duplicate", tuple(dict.fromkeys(
                ["Gold", "Silver", "Duchy"] + [n for n in names
                                               if CARDS[card_id(n)].cost <= 6]))))
        if "Guide" in game:
            calls.append(("Guide", ()))
        base = dict(cards=tuple(cards), card_kinds=LIMIT_KINDS, card_slots=ALL_SLOTS,
                    card_refs=("Treasure", "Action"), card_caps=(0, 1, 2, 3, 4, 6),
                    card_phases=("",) + tuple(PHASES), card_needs=True, card_rules=2,
                    discard_lists=DISCARD_LISTS, tokens=tuple(tokens), gains=tuple(gains),
                    calls=tuple(calls), exchanges=tuple(lines),
                    chooses=tuple(c for c in (CARDS[i].name for i in CHOICES) if c in game),
                    trash_options=(TRASH_OPTIONS + (PASS_OPTIONS if game & set(PASSERS) else ())
                                   if game & set(TRASHERS) else ()),
                    teacher="Peasant" in game, wild=bool(game & set(GIVERS)),
                    archetypes_on=True)
        base.update(genes)
        return cls(**base)

    def to_dict(self) -> dict:
        d = {k: list(getattr(self, k)) for k in (
            "cards", "province_money", "province_gold", "duchy_late", "estate_late",
            "duchy_mid", "card_counts", "card_ratios", "card_slots", "card_kinds",
            "action_discards")}
        d["play_orders"] = self.play_orders
        # The grown space's fields only when they differ from a bare Space's, so that
        # the saved state of a search of the first space still continues.
        bare = Space()
        for k in ("card_offsets", "card_refs", "card_caps", "card_phases", "card_needs",
                  "card_rules", "event_counts", "discard_lists", "tokens", "gains", "calls",
                  "exchanges", "chooses", "trash_options", "teacher", "wild",
                  "archetypes_on"):
            v = getattr(self, k)
            if v != getattr(bare, k):
                d[k] = ([[a, list(b)] for a, b in v] if k in ("tokens", "gains", "calls")
                        else list(v) if isinstance(v, tuple) else v)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Space:
        out = {}
        for k, v in d.items():
            if k in ("play_orders", "card_needs", "teacher", "wild", "archetypes_on"):
                out[k] = bool(v)
            elif k == "card_rules":
                out[k] = int(v)
            elif k in ("tokens", "gains", "calls"):
                out[k] = _pairs(v)
            else:
                out[k] = tuple(v)
        return cls(**out)

    # -- what the space offers ------------------------------------------------------------
    def is_event(self, card: str) -> bool:
        return _is_event(card)

    def kinds_for(self, card: str) -> tuple[str, ...]:
        kinds = self.card_kinds
        if _is_event(card):
            return tuple(k for k in kinds if k in EVENT_KINDS)
        others = [c for c in self.cards if c != card and not _is_event(c)]
        return tuple(k for k in kinds if k != REL or others)

    def numbers_for(self, card: str, kind: str) -> tuple[int, ...]:
        if kind == FIXED:
            return self.event_counts if _is_event(card) else self.card_counts
        if kind == RATIO:
            return self.card_ratios
        if kind == REL:
            return self.card_offsets
        return (1,)

    def refs_for(self, card: str, kind: str) -> tuple[str, ...]:
        if kind == RATIO:
            return tuple("" if r == "Treasure" else r for r in self.card_refs)
        if kind == REL:
            return tuple(c for c in self.cards if c != card and not _is_event(c))
        return ("",)

    def needs_for(self, card: str) -> tuple[tuple[str, int], ...]:
        """Prerequisites a rule for ``card`` may have: ("", 1) none, (card, k), (Event, 1),
        (card, 0): while that pile is not empty (for Events and the cards they gain)."""
        if not self.card_needs:
            return (("", 1),)
        out: list[tuple[str, int]] = [("", 1)]
        for c in self.cards:
            if c == card:
                continue
            if _is_event(c):
                out.append((c, 1))
            else:
                out += [(c, 1), (c, 2), (c, 3)]
                if _is_event(card):
                    out.append((c, 0))
        return tuple(out)

    def phases_for(self) -> tuple[tuple[str, int], ...]:
        out = [("", 0)]
        for p in self.card_phases:
            if p:
                out += [(p, v) for v in PHASES[p][1]]
        return tuple(out)

    def caps_for(self, card: str, kind: str) -> tuple[int, ...]:
        if _is_event(card) or kind not in (RATIO, REL, ANY):
            return (0,)
        return self.card_caps

    def slots_for(self, card: str) -> tuple[str, ...]:
        """Slots worth trying for ``card``: "late" (after Silver) only for cards cheaper
        than Silver, as a costlier card there could never be bought."""
        cost = CARDS[card_id(card)].cost
        return tuple(s for s in self.card_slots
                     if s != "late" or cost < CARDS[card_id("Silver")].cost) or self.card_slots

    # -- archetypes ---------------------------------------------------------------------
    def archetypes(self, base: Genome) -> list[tuple[str, Genome]]:
        """Known shapes of bot built from the card table, as (label, genome), for the
        first generation (none unless ``archetypes_on``): each card with Big Money (one
        or two of a terminal, one per 11 Treasures of a terminal that draws, no limit
        on a non-terminal); each village with each terminal draw (villages kept level
        with the draw, the non-terminal draw without limit, played villages first);
        each Event that moves a token with each Action (the Action bought, the Event
        once after one is owned, its token there), and all of them on one Action;
        Seaway gaining each Action it can;
        every other Event once, and without limit when it costs less than Silver.
        ``base`` (BMU's shape, fitted to the space) gives the greening."""
        if not self.archetypes_on:
            return []
        kingdom = [c for c in self.cards if not _is_event(c)]
        events = [c for c in self.cards if _is_event(c)]
        clear = replace(base, cards=tuple(CardGene(c) for c in self.cards), play=())

        def card(c: str):
            return CARDS[card_id(c)]

        def acts(c: str) -> int:
            return card(c).actions + TEXT_ACTIONS.get(c, 0)

        def draw(c: str) -> int:
            return card(c).cards + TEXT_DRAW.get(c, 0)

        def terminal(c: str) -> bool:
            return _is_action(c) and acts(c) == 0

        def with_rules(g: Genome, *genes: CardGene) -> Genome:
            cards = [x for x in g.cards if x.card not in {y.card for y in genes}]
            return replace(g, cards=tuple(list(genes) + cards))

        # Four kinds, taken in turn (so that a first generation that races only some of
        # them still has each kind): each card with money, engines, Event plans, and the
        # second variants of the cards.
        money: list[tuple[str, Genome]] = []
        engines: list[tuple[str, Genome]] = []
        plans: list[tuple[str, Genome]] = []
        first: dict[str, Genome] = {}
        second: list[tuple[str, Genome]] = []
        for c in kingdom:
            if card(c).types & (ACTION | TREASURE) == 0:
                continue
            if terminal(c):
                one = with_rules(clear, CardGene(c, FIXED, 1, "mid"))
                second.append((f"{c} x2", with_rules(clear, CardGene(c, FIXED, 2, "mid"))))
                if draw(c) >= 3:
                    second.append((f"{c} 1 per 11 Treasures",
                                   with_rules(clear, CardGene(c, RATIO, 11, "mid"))))
            else:
                one = with_rules(clear, CardGene(c, ANY, 1, "mid"))
                second.append((f"{c} x2", with_rules(clear, CardGene(c, FIXED, 2, "mid"))))
            first[c] = one
            money.append((f"{c} with Big Money", one))
        villages = [c for c in kingdom if acts(c) >= 2 and (_is_action(c) or c in TEXT_ACTIONS)]
        draws = [c for c in kingdom if terminal(c) and draw(c) >= 2]
        draws.sort(key=lambda c: -draw(c))
        labs = [c for c in kingdom if _is_action(c) and acts(c) >= 1 and draw(c) >= 2
                and c not in villages]
        for v in villages[:3]:
            for d in draws[:3]:
                genes = [CardGene(d, REL, 1, "mid", ref=v, cap=5),
                         CardGene(v, REL, 1, "mid", ref=d, cap=6)]
                genes += [CardGene(x, ANY, 1, "mid") for x in labs]
                # The dearest first: with $5 a Laboratory, not a village for $3.
                genes.sort(key=lambda x: -card(x.card).cost)
                order = [x for x in [v, *labs, d] if _is_action(x)]
                engines.append((f"{v}/{d} engine", replace(with_rules(clear, *genes),
                                                           play=tuple(order))))
        tokens = {t for t, _ in self.tokens}
        piles = dict(self.tokens)
        for e in events:
            t = TOKEN_EVENTS.get(e)
            if t and e != "Seaway" and t in tokens:
                # The cards a token helps most first: the terminals that draw most for
                # +1 Action, the others by what they give.
                targets = [c for c in kingdom if c in piles[t] and c in first]
                targets.sort(key=lambda c: (-(draw(c) + 2 * (t == "+1 Action" and terminal(c))
                                              + card(c).coins + card(c).buys), c))
                for x in targets:
                    more = []
                    if t == "+1 Action" and terminal(x):
                        # The token makes the terminal a non-terminal: more of them after.
                        more.append(CardGene(x, FIXED, 4, "mid", need=e))
                    g = with_rules(first[x], CardGene(e, FIXED, 1, "early", need=x),
                                   *[y for y in first[x].cards if y.kind != OFF], *more)
                    plans.append((f"{e} on {x}", _set_pair(g, "tokens", t, x)))
            elif e == "Seaway":
                for x in dict(self.gains).get("Seaway", ()):
                    if x in first:
                        g = with_rules(first[x], CardGene(e, FIXED, 1, "gold"),
                                       *[y for y in first[x].cards if y.kind != OFF])
                        plans.append((f"Seaway gaining {x}", _set_pair(g, "gains", e, x)))
            else:
                plans.append((f"{e} once", with_rules(clear, CardGene(e, FIXED, 1, "early"))))
                if card(e).cost < card("Silver").cost:
                    plans.append((f"{e} always",
                                  with_rules(clear, CardGene(e, ANY, 1, "late"))))
        # Every token Event of the game on one pile (Seaway's +1 Buy follows the card it
        # gains): the Events' tokens add up on a card bought many times.
        placers = [e for e in events if e in TOKEN_EVENTS
                   and (e == "Seaway" or TOKEN_EVENTS[e] in tokens)]
        if len(placers) > 1:
            for x in [c for c in kingdom if c in first and _is_action(c)]:
                if "Seaway" in placers and x not in dict(self.gains).get("Seaway", ()):
                    continue
                if any(e != "Seaway" and x not in piles[TOKEN_EVENTS[e]] for e in placers):
                    continue
                genes = [CardGene(e, FIXED, 1, "early", need=x) for e in placers]
                genes += [y for y in first[x].cards if y.kind != OFF]
                genes.append(CardGene(x, FIXED, 4, "mid", need=placers[0]))
                g = with_rules(first[x], *genes)
                for e in placers:
                    g = (_set_pair(g, "gains", e, x) if e == "Seaway"
                         else _set_pair(g, "tokens", TOKEN_EVENTS[e], x))
                plans.insert(0, (f"{' and '.join(placers)} on {x}", g))
        kinds = [money, engines, plans, second]
        out = [k[i] for i in range(max(map(len, kinds))) for k in kinds if i < len(k)]
        seen = set()
        kept = []
        for label, g in out:
            g = self.fit(g)
            if self.key(g) not in seen:
                seen.add(self.key(g))
                kept.append((label, g))
        return kept

    def cross(self, a: Genome, b: Genome, rng: np.random.Generator) -> Genome:
        """A child of two genomes: each group of genes (the Province rule, each greening
        threshold, all the rules of each card, the play order, the discard genes, each
        token, gain, call, exchange and mode...) from one parent or the other."""
        def coin() -> bool:
            return bool(rng.random() < 0.5)

        kw = {}
        if coin():
            kw.update(province_money=b.province_money, province_gold=b.province_gold)
        for name in ("duchy_late", "estate_late", "duchy_mid", "play", "action_discard",
                     "discard_list", "trash", "teacher"):
            if coin():
                kw[name] = getattr(b, name)
        cards: list[CardGene] = []
        take_b = {c: coin() for c in self.cards}
        placed: set[str] = set()
        for c in a.cards:
            if not take_b.get(c.card):
                cards.append(c)
            elif c.card not in placed:
                cards += [x for x in b.cards if x.card == c.card]
                placed.add(c.card)
        kw["cards"] = tuple(cards)
        for name in ("tokens", "gains"):
            pa, pb = dict(getattr(a, name)), dict(getattr(b, name))
            merged = {k: (pb if coin() else pa).get(k, "") for k in set(pa) | set(pb)}
            kw[name] = tuple(sorted((k, v) for k, v in merged.items() if v))
        for name in ("calls", "exchanges", "chooses"):
            ga = {x.card: x for x in getattr(a, name)}
            gb = {x.card: x for x in getattr(b, name)}
            merged = [(gb if coin() else ga).get(k) for k in sorted(set(ga) | set(gb))]
            kw[name] = tuple(x for x in merged if x is not None)
        return self.fit(replace(a, **kw))

    # -- genomes ------------------------------------------------------------------------
    def key(self, g: Genome) -> tuple:
        """``g``'s key in this space (:meth:`Genome.key`, every order counting when the
        kingdom gives cards)."""
        return g.key(wild=self.wild)

    def fit(self, g: Genome) -> Genome:
        """``g`` with a gene for every card of the space (cards it lacks are off).  Genes
        the space has no place for are dropped when the game lacks what they are about
        (a token no Event of the game moves, a gain of a card not in the game): they
        change nothing; a value the space does not offer is refused."""
        cards = [c for c in g.cards if c.card in self.cards]
        extra = sorted({c.card for c in g.cards if c.card not in self.cards and c.kind != OFF})
        if extra:
            raise RuleError(f"the start bot buys {', '.join(extra)}, which the search "
                            f"space does not include (its cards: {', '.join(self.cards)})")
        have = {c.card for c in cards}
        cards += [CardGene(c) for c in self.cards if c not in have]
        tok, gain, calls = dict(self.tokens), dict(self.gains), dict(self.calls)
        bad = [f"the {t} token on {p}" for t, p in g.tokens
               if p and t in tok and p not in tok[t]]
        bad += [f"{s} gaining {t}" for s, t in g.gains if t and s in gain and t not in gain[s]]
        bad += [f"{c.card} called on {', '.join(x for x in c.on if x not in calls[c.card])}"
                for c in g.calls if c.card in calls and set(c.on) - set(calls[c.card])]
        if g.trash and self.trash_options and g.trash not in self.trash_options:
            bad.append(f"the trash list {g.trash}")
        if g.discard_list not in self.discard_lists:
            bad.append(f"the {g.discard_list} discard order")
        if bad:
            raise RuleError(f"the start bot has {', '.join(bad)}, which the search space "
                            f"does not include")
        return replace(
            g, cards=tuple(cards), play=tuple(p for p in g.play if p in _universe(self)),
            tokens=tuple(x for x in g.tokens if x[0] in tok),
            gains=tuple(x for x in g.gains if x[0] in gain),
            calls=tuple(c for c in g.calls if c.card in calls),
            exchanges=tuple(e for e in g.exchanges if e.card in self.exchanges),
            chooses=tuple(c for c in g.chooses if c.card in self.chooses),
            trash=g.trash if self.trash_options else "",
            teacher=g.teacher if self.teacher else ())

    def size(self) -> float:
        """Number of distinct genomes (a float: it can be astronomically large)."""
        prov = len(self.province_money) + len([g for g in self.province_gold if g > 0])
        total = float(prov * len(self.duchy_late) * len(self.estate_late)
                      * len(self.duchy_mid))
        phases = len(self.phases_for())
        for card in self.cards:
            n = len(self.slots_for(card))
            extras = len(self.needs_for(card)) * phases
            one = float(OFF in self.kinds_for(card))
            for kind in self.kinds_for(card):
                if kind != OFF:
                    one += (len(self.numbers_for(card, kind)) * len(self.refs_for(card, kind))
                            * len(self.caps_for(card, kind)) * n * extras)
            total *= one ** max(1, self.card_rules)
        actions = len(_universe(self))
        if self.play_orders:
            total *= float(math.factorial(actions))
        total *= len(self.action_discards) if actions else 1
        total *= len(self.discard_lists)
        for _, piles in self.tokens:
            total *= len(piles) + 1
        for _, targets in self.gains:
            total *= len(targets) + 1
        for card, targets in self.calls:
            total *= (len(GUIDE_COINS) + 1) if card == "Guide" else 2.0 ** len(targets)
        total *= float((LINE_STAGES + 1) * 4) ** len(self.exchanges)
        for c in self.chooses:
            k = len(CHOICES[card_id(c)])
            total *= (1 + k + k * k * 10) * (k if c in MULTI_CHOICE else 1)
        total *= max(1, len(self.trash_options))
        if self.teacher:
            total *= 25
        return total

    def enumerate(self, base: Genome, limit: int) -> list[Genome] | None:
        """Every genome of the space (varying ``base``), or None if there are more than
        ``limit``: a small space is searched exhaustively."""
        if self.size() > limit:
            return None
        out = [base]
        seen = {self.key(base)}
        frontier = [base]
        while frontier:
            nxt = []
            for g in frontier:
                for n in self.neighbours(g):
                    if self.key(n) not in seen:
                        seen.add(self.key(n))
                        out.append(n)
                        nxt.append(n)
            frontier = nxt
        return out

    def neighbours(self, g: Genome) -> list[Genome]:
        """Every genome one gene away from ``g``."""
        out = []
        for v in self.province_money:
            out.append(replace(g, province_money=v, province_gold=0))
        for v in self.province_gold:
            if v > 0:
                out.append(replace(g, province_gold=v))
        for name in ("duchy_late", "estate_late", "duchy_mid"):
            for v in getattr(self, name):
                out.append(replace(g, **{name: v}))
        for i, c in enumerate(g.cards):
            for o in self._card_options(c):
                out.append(replace(g, cards=g.cards[:i] + (o,) + g.cards[i + 1:]))
        if self.play_orders:
            order = g.play_order()
            for i in range(len(order) - 1):
                swapped = order[:i] + [order[i + 1], order[i]] + order[i + 2:]
                out.append(replace(g, play=tuple(swapped)))
        for v in self.action_discards:
            out.append(replace(g, action_discard=v))
        for v in self.discard_lists:
            out.append(replace(g, discard_list=v))
        for name, table in (("tokens", self.tokens), ("gains", self.gains)):
            for key, values in table:
                for v in ("",) + tuple(values):
                    out.append(_set_pair(g, name, key, v))
        for card, targets in self.calls:
            if card == "Guide":
                for v in (-1,) + GUIDE_COINS:
                    out.append(_set_call(g, CallGene(card, (), v)))
            else:
                cur = set(_get_call(g, card).on)
                for t in targets:
                    on = tuple(x for x in targets if (x in cur) != (x == t))
                    out.append(_set_call(g, CallGene(card, on)))
        for line in self.exchanges:
            for upto in range(LINE_STAGES + 1):
                for cap in (0, 1, 2, 3):
                    out.append(_set_by_card(g, "exchanges", ExchangeGene(line, upto, cap)))
        for card in self.chooses:
            opts = CHOICES[card_id(card)]
            out.append(_set_by_card(g, "chooses", ChooseGene(card)))
            for a in opts:
                out.append(_set_by_card(g, "chooses", ChooseGene(card, a)))
                for b in opts:
                    for t in (4, 8, 12):
                        if a != b:
                            out.append(_set_by_card(g, "chooses", ChooseGene(card, a, t, b)))
                    if a != b and card in MULTI_CHOICE:
                        out.append(_set_by_card(g, "chooses", ChooseGene(card, a, also=b)))
        for v in self.trash_options:
            out.append(replace(g, trash=v))
        return [n for n in out if self.key(n) != self.key(g)]

    def _card_options(self, c: CardGene) -> list[CardGene]:
        """Every value of one buy gene one step away (kind with its number and slot; or
        one of ref, cap, prerequisite, phase)."""
        opts = []
        for kind in self.kinds_for(c.card):
            if kind == OFF:
                opts.append(CardGene(c.card))
                continue
            refs = self.refs_for(c.card, kind)
            for n in self.numbers_for(c.card, kind):
                for s in self.slots_for(c.card):
                    opts.append(replace(c, kind=kind, n=n, slot=s,
                                        ref=c.ref if c.ref in refs else refs[0]))
        if c.kind != OFF:
            opts += [replace(c, ref=r) for r in self.refs_for(c.card, c.kind)]
            opts += [replace(c, cap=v) for v in self.caps_for(c.card, c.kind)]
            opts += [replace(c, need=a, need_n=b) for a, b in self.needs_for(c.card)]
            opts += [replace(c, phase=a, phase_n=b) for a, b in self.phases_for()]
        return opts

    def mutate(self, g: Genome, rng: np.random.Generator, steps: int | None = None) -> Genome:
        """``g`` with one to three genes changed: numbers move by a small step (so the
        search refines a threshold), now and then a card is switched on, off or moved,
        a rule added or dropped, a token, gain, call or exchange changed.  Each step
        changes the bot in effect (a change of a gene that does not matter is tried
        again)."""
        steps = int(rng.integers(1, 4)) if steps is None else steps
        for _ in range(steps):
            key = self.key(g)
            for _try in range(30):
                m = self._mutate_once(g, rng)
                if self.key(m) != key:
                    g = m
                    break
        return g

    def _genes_free(self, g: Genome) -> list[str]:
        """The genes a mutation may change: those with a choice that matter for ``g``."""
        genes = []
        if len(self.province_money) > 1 or any(v > 0 for v in self.province_gold):
            genes.append("province")
        for name in ("duchy_late", "estate_late", "duchy_mid"):
            if len(getattr(self, name)) > 1:
                genes.append(name)
        if len(self.card_kinds) > 1 or len(self.card_counts) > 1 or len(self.card_ratios) > 1:
            genes += [f"card:{i}" for i in range(len(g.cards))]
        if self.card_rules > 1:
            genes.append("rules")
        owned, events, _ = g.owned()
        have = owned | events
        if self.play_orders and len(g.bought_play_order()) > 1:
            genes.append("play")
        if len(self.action_discards) > 1 and any(c != "Estate" for c in g.bought_play_order()):
            genes.append("discard")
        if len(self.discard_lists) > 1:
            genes.append("discard_list")
        genes += [f"token:{t}" for t, _ in self.tokens if g._token_live(t, have)]
        genes += [f"gain:{s}" for s, _ in self.gains if s in have]
        genes += [f"call:{c}" for c, _ in self.calls if c in have]
        genes += [f"exchange:{c}" for c in self.exchanges if c in have]
        genes += [f"choose:{c}" for c in self.chooses if c in have]
        if len(self.trash_options) > 1 and any(t in have for t in TRASHERS):
            genes.append("trash")
        if self.teacher and "Teacher" in have:
            genes.append("teacher")
        return genes

    def _mutate_once(self, g: Genome, rng: np.random.Generator) -> Genome:
        genes = self._genes_free(g)
        if not genes:
            return g
        gene = genes[int(rng.integers(len(genes)))]

        def pick(seq):
            return seq[int(rng.integers(len(seq)))]

        if gene == "province":
            golds = [v for v in self.province_gold if v > 0]
            if golds and rng.random() < 0.2:
                if g.province_gold:
                    return replace(g, province_gold=0)
                return replace(g, province_gold=int(rng.choice(golds)))
            if g.province_gold:
                return replace(g, province_gold=_step(self.province_gold, g.province_gold, rng,
                                                      keep_positive=True))
            return replace(g, province_money=_step(self.province_money, g.province_money, rng))
        if gene == "discard":
            others = [v for v in self.action_discards if v != g.action_discard]
            return replace(g, action_discard=pick(others))
        if gene == "discard_list":
            return replace(g, discard_list=pick([v for v in self.discard_lists
                                                 if v != g.discard_list]))
        if gene == "play":
            order = g.play_order()
            bought = g.bought_play_order()
            if rng.random() < 0.5:
                # Two of the bought Actions trade places in the play order.
                a, b = rng.choice(len(bought), size=2, replace=False)
                i, j = order.index(bought[a]), order.index(bought[b])
                order[i], order[j] = order[j], order[i]
            else:
                # One goes first or last among them (villages before terminals...).
                c = pick(bought)
                order.remove(c)
                if rng.random() < 0.5:
                    order.insert(order.index(bought[0]) if bought[0] != c else 0, c)
                else:
                    rest = [x for x in bought if x != c]
                    order.insert(order.index(rest[-1]) + 1, c)
            return replace(g, play=tuple(order))
        if gene == "rules":
            return self._mutate_rules(g, rng)
        if gene.startswith("token:") or gene.startswith("gain:"):
            name, key = gene.split(":", 1)
            table = dict(self.tokens if name == "token" else self.gains)
            return _set_pair(g, "tokens" if name == "token" else "gains", key,
                             pick(("",) + tuple(table[key])))
        if gene.startswith("call:"):
            card = gene[5:]
            if card == "Guide":
                return _set_call(g, CallGene(card, (), int(pick((-1,) + GUIDE_COINS))))
            targets = dict(self.calls)[card]
            owned = g.owned()[0]
            useful = [t for t in targets if t in owned] or list(targets)
            t = pick(useful)
            cur = set(_get_call(g, card).on)
            cur ^= {t}
            return _set_call(g, CallGene(card, tuple(x for x in targets if x in cur)))
        if gene.startswith("exchange:"):
            line = gene[9:]
            e = g._exchange(line)
            if rng.random() < 0.6:
                e = replace(e, upto=int(min(LINE_STAGES, max(0, e.upto + pick((-1, 1))))))
            else:
                e = replace(e, cap=int(pick((0, 1, 2, 3))))
            return _set_by_card(g, "exchanges", e)
        if gene.startswith("choose:"):
            card = gene[7:]
            opts = ("",) + CHOICES[card_id(card)]
            c = next((x for x in g.chooses if x.card == card), ChooseGene(card))
            if card in MULTI_CHOICE and c.first and rng.random() < 0.3:
                # The option taken next (Pawn's second, Courtier's next), or the default.
                return _set_by_card(g, "chooses", replace(c, also=pick(
                    ("",) + tuple(o for o in opts[1:] if o not in (c.first, c.also)))))
            r = rng.random()
            if r < 0.4 or not c.first:
                c = replace(c, first=pick(opts))
            elif r < 0.7:
                c = replace(c, then=pick(opts[1:]), turn=c.turn or int(pick((4, 6, 8, 10))))
            else:
                c = replace(c, turn=int(max(0, c.turn + pick((-2, -1, 1, 2)))))
            return _set_by_card(g, "chooses", c)
        if gene == "trash":
            return replace(g, trash=pick([v for v in self.trash_options if v != g.trash]))
        if gene == "teacher":
            order = list(g.teacher or TEACHER_TOKENS)
            i, j = rng.choice(len(order), size=2, replace=False)
            order[i], order[j] = order[j], order[i]
            return replace(g, teacher=tuple(order))
        if not gene.startswith("card:"):
            return replace(g, **{gene: _step(getattr(self, gene), getattr(g, gene), rng)})
        i = int(gene[5:])
        return self._mutate_card(g, i, rng)

    def _mutate_card(self, g: Genome, i: int, rng: np.random.Generator) -> Genome:
        def pick(seq):
            return seq[int(rng.integers(len(seq)))]

        c = g.cards[i]
        kinds = self.kinds_for(c.card)
        r = rng.random()
        if c.kind == OFF or r < 0.15:
            others = [k for k in kinds if k != c.kind] or [c.kind]
            kind = pick(others)
            if kind == OFF:
                if sum(x.card == c.card for x in g.cards) > 1:
                    return replace(g, cards=g.cards[:i] + g.cards[i + 1:])
                new = CardGene(c.card)
            else:
                refs = self.refs_for(c.card, kind)
                new = replace(c, kind=kind, n=int(pick(self.numbers_for(c.card, kind))),
                              slot=pick(self.slots_for(c.card)),
                              ref=c.ref if c.ref in refs else pick(refs))
                if c.kind == OFF:
                    new = CardGene(c.card, kind, new.n, new.slot, new.ref)
        elif r < 0.27 and len(self.slots_for(c.card)) > 1:
            new = replace(c, slot=pick([s for s in self.slots_for(c.card) if s != c.slot]))
        elif r < 0.37:
            # Move it one place up or down among the rules of its slot.
            same = [j for j, x in enumerate(g.cards) if x.kind != OFF and x.slot == c.slot]
            k = same.index(i)
            j = same[min(len(same) - 1, max(0, k + pick((-1, 1))))]
            cards = list(g.cards)
            cards[i], cards[j] = cards[j], cards[i]
            return replace(g, cards=tuple(cards))
        elif r < 0.47 and len(self.refs_for(c.card, c.kind)) > 1:
            new = replace(c, ref=pick(self.refs_for(c.card, c.kind)))
        elif r < 0.57 and len(self.caps_for(c.card, c.kind)) > 1:
            caps = self.caps_for(c.card, c.kind)
            new = replace(c, cap=_step(caps, c.cap, rng) if c.cap else int(pick(caps)))
        elif r < 0.70 and self.card_needs:
            if c.need and rng.random() < 0.4:
                new = replace(c, need="", need_n=1)
            else:
                a, b = pick(self.needs_for(c.card)[1:] or (("", 1),))
                new = replace(c, need=a, need_n=b)
        elif r < 0.83 and len(self.card_phases) > 1:
            if c.phase and rng.random() < 0.6:
                if rng.random() < 0.3:
                    new = replace(c, phase="", phase_n=0)
                else:
                    new = replace(c, phase_n=_step(PHASES[c.phase][1], c.phase_n, rng))
            else:
                p = pick([x for x in self.card_phases if x])
                new = replace(c, phase=p, phase_n=int(pick(PHASES[p][1])))
        else:
            nums = self.numbers_for(c.card, c.kind)
            new = replace(c, n=_step(nums, c.n, rng))
        return replace(g, cards=g.cards[:i] + (new,) + g.cards[i + 1:])

    def _mutate_rules(self, g: Genome, rng: np.random.Generator) -> Genome:
        """A second rule for a card (a copy of its rule, changed), or one dropped."""
        counts: dict[str, int] = {}
        for c in g.cards:
            if c.kind != OFF:
                counts[c.card] = counts.get(c.card, 0) + 1
        can_add = [c for c, k in counts.items() if k < self.card_rules]
        can_drop = [c for c, k in counts.items() if k > 1]
        if can_drop and (not can_add or rng.random() < 0.4):
            card = can_drop[int(rng.integers(len(can_drop)))]
            idx = [i for i, c in enumerate(g.cards) if c.card == card]
            i = idx[int(rng.integers(len(idx)))]
            return replace(g, cards=g.cards[:i] + g.cards[i + 1:])
        if not can_add:
            return g
        card = can_add[int(rng.integers(len(can_add)))]
        i = next(i for i, c in enumerate(g.cards) if c.card == card)
        copy = replace(g, cards=g.cards[:i + 1] + (g.cards[i],) + g.cards[i + 1:])
        return self._mutate_card(copy, i + 1 if rng.random() < 0.5 else i, rng)


def _universe(space: Space) -> list[str]:
    """Every Action a genome of ``space`` may play (Estate with Inheritance)."""
    names = [c for c in space.cards if not _is_event(c)]
    names += [t for _, targets in space.gains for t in targets]
    for start in [c for c in names if _is_line(c)]:
        names += list(_chain(start)[1:])
    actions = list(dict.fromkeys(n for n in names if _is_action(n)))
    return actions + ["Estate"] if INHERITANCE in space.cards else actions


def _set_pair(g: Genome, name: str, key: str, value: str) -> Genome:
    pairs = [p for p in getattr(g, name) if p[0] != key]
    if value:
        pairs.append((key, value))
    return replace(g, **{name: tuple(sorted(pairs))})


def _get_call(g: Genome, card: str) -> CallGene:
    return next((c for c in g.calls if c.card == card), CallGene(card))


def _set_call(g: Genome, gene: CallGene) -> Genome:
    return _set_by_card(g, "calls", gene)


def _set_by_card(g: Genome, name: str, gene) -> Genome:
    items = [x for x in getattr(g, name) if x.card != gene.card]
    items.append(gene)
    return replace(g, **{name: tuple(sorted(items, key=lambda x: x.card))})


def _step(values: Sequence[int], v: int, rng: np.random.Generator,
          keep_positive: bool = False) -> int:
    """A neighbour of ``v`` among ``values`` (sorted): one or two places up or down."""
    vals = sorted(x for x in values if x > 0 or not keep_positive)
    if not vals:
        return v
    if v not in vals:
        return int(vals[int(np.argmin([abs(x - v) for x in vals]))])
    i = vals.index(v)
    d = int(rng.choice([-2, -1, 1, 2]))
    return int(vals[min(len(vals) - 1, max(0, i + d))])


# -- reading a bot back into a genome ------------------------------------------------------

def genome_from_bot(bot: RuleBot) -> Genome:
    """The genome of a rule bot of the template's shape (BMU, Smithy-BM, Big Money,
    ``lost-arts-seaway``, ``event-money``...).

    Raises :class:`bots.errors.RuleError` naming the first rule that does not fit, so
    ``--start`` with another kind of bot fails with a clear message.
    """
    from sim.engine import program as P

    if not isinstance(bot, RuleBot):
        raise RuleError(f"--start {getattr(bot, 'name', bot)!r} is not a rule bot; the "
                        f"search starts from rule bots of the search space's shape")
    if bot.remodel or bot.mine or bot.transmogrify:
        raise RuleError(f"the start bot {bot.name} has remodel, mine or transmogrify rules, "
                        f"which the search space does not have")
    for key in ("cellar", "topdeck", "sentry_discard", "gear", "save", "trade", "start",
                "disciple"):
        if getattr(bot, key, None) is not None:
            raise RuleError(f"the start bot {bot.name} has a {key} list, which the search "
                            f"space does not have")
    if bot.play_entries and any(e.conds for e in bot.play_entries):
        raise RuleError(f"the start bot {bot.name} has play entries with conditions, which "
                        f"the search space does not have")
    g: dict = {"province_money": 0, "province_gold": 0, "duchy_late": 0, "estate_late": 0,
               "duchy_mid": 0}
    cards: list[CardGene] = []
    stage = 0  # 0 before Province, 1 greening, 2 early, 3 after Gold, 4 after Duchy, 5 Silver
    for r in bot.buy:
        card = CARDS[r.card].name
        conds = list(r.conds)
        texts = [str(c) for c in conds]
        where = f"the start bot {bot.name}: rule 'Buy {card}" + (
            f" if {' and '.join(texts)}'" if texts else "'")
        c = texts[0] if len(texts) == 1 else None
        if card == "Province" and stage == 0:
            if not texts:
                pass
            elif c is not None and c.startswith("money > "):
                g["province_money"] = _int(c[8:], where)
            elif c is not None and c.startswith("count(Gold) > "):
                g["province_gold"] = _int(c[14:], where) + 1
            else:
                raise RuleError(f"{where}: the space's Province rule is 'money > N' or "
                                f"'count(Gold) > N'")
            stage = 1
            continue
        pile = c.startswith("left(Province) <= ") if c else False
        if card == "Duchy" and pile and stage == 1 and g["duchy_late"] == 0:
            g["duchy_late"] = _int(c[18:], where)
            continue
        if card == "Duchy" and pile and stage == 3 and g["duchy_mid"] == 0:
            g["duchy_mid"] = _int(c[18:], where)
            stage = 4
            continue
        if card == "Estate" and pile and stage == 1 and g["estate_late"] == 0:
            g["estate_late"] = _int(c[18:], where)
            continue
        if card == "Gold" and not texts and stage in (1, 2):
            stage = 3
            continue
        if card == "Silver" and not texts and stage in (3, 4):
            stage = 5
            continue
        if card not in ("Province", "Duchy", "Estate", "Gold", "Silver", "Copper", "Curse") \
                and stage >= 1:
            if stage == 1:
                stage = 2
            slot = {2: "early", 3: "gold", 4: "mid", 5: "late"}[stage]
            cards.append(_gene_from_conditions(card, conds, slot, where, P))
            continue
        raise RuleError(f"{where} does not fit the search space (Province, Duchy/Estate by "
                        f"Provinces left, cards with limits, Gold, Duchy, Silver)")
    if stage < 5:
        raise RuleError(f"the start bot {bot.name} must buy Province, Gold and Silver in that "
                        f"order, as the search space's bots do")
    if g["duchy_mid"] == 0:
        # Without a Duchy rule between them the "gold" and "mid" slots are one place.
        cards = [replace(c, slot="mid") if c.slot == "gold" else c for c in cards]
    play = tuple(CARDS[c].name for c in bot.play) if bot.play else ()
    extra = _rest_from_bot(bot, P)
    genome = Genome(**g, cards=tuple(cards), play=play, **extra)
    if bot.discard is not None:
        names = [CARDS[c].name for c in bot.discard]
        for ad in ACTION_DISCARD:
            if names == replace(genome, action_discard=ad).discard_order():
                return replace(genome, action_discard=ad)
        raise RuleError(f"the start bot {bot.name}: its discard list "
                        f"{', '.join(names)} is not one of the search space's")
    return replace(genome, discard_list="default")


def _gene_from_conditions(card: str, conds, slot: str, where: str, P) -> CardGene:
    """A buy gene from a rule's conditions (each must be one the genes write)."""
    from bots.conditions import SPEC_BY_CODE

    op_name = {v: k for k, v in P.OPS.items()}
    event = _is_event(card)
    cid = card_id(card)
    kind, n, ref, cap = ANY, 1, "", 0
    need, need_n, phase, phase_n = "", 1, "", 0
    seen_limit = False
    fixed = None
    for cond in conds:
        op = op_name[cond.op]
        lhs, la, rt, ra, div, add = (cond.lhs_term, cond.lhs_arg, cond.rhs_term,
                                     cond.rhs_arg, cond.div, cond.add)
        const = rt == P.T_CONST
        value = ra / div + add if const else None
        own = la == cid
        if const and value != int(value):
            raise RuleError(f"{where}: {cond} is not a whole-number condition")
        v = int(value) if const else 0
        if event and lhs == P.T_BOUGHT and own and const and op in ("<", "==", "<="):
            fixed = {"<": v, "==": v + 1, "<=": v + 1}[op]
            continue
        if not event and lhs == P.T_OWN and own and const and op in ("<", "<="):
            fixed = v if op == "<" else v + 1
            continue
        if not event and lhs == P.T_OWN and own and not const and not seen_limit:
            if rt == P.T_OWN_TYPE and op == "<" and add == 0 and div == int(div):
                typ = {ACTION: "Action", TREASURE: "Treasure"}.get(int(ra))
                if typ:
                    kind, n, ref, seen_limit = RATIO, int(div), "" if typ == "Treasure" \
                        else typ, True
                    continue
            if rt == P.T_OWN and div == 1 and add == int(add) and op in ("<", "<="):
                kind, ref, seen_limit = REL, CARDS[int(ra)].name, True
                n = int(add) + (1 if op == "<=" else 0)
                continue
        if lhs == P.T_OWN and not own and const and op in (">=", ">") and not need:
            need, need_n = CARDS[int(la)].name, v if op == ">=" else v + 1
            continue
        if lhs == P.T_BOUGHT and not own and const and la >= 0 and (
                (op == ">=" and v == 1) or (op == ">" and v == 0)) and not need:
            need, need_n = CARDS[int(la)].name, 1
            continue
        if lhs == P.T_SUPPLY and la != card_id("Province") and const and not need and (
                (op == ">" and v == 0) or (op == ">=" and v == 1)):
            need, need_n = CARDS[int(la)].name, 0
            continue
        word = SPEC_BY_CODE.get(lhs).word if lhs in SPEC_BY_CODE else ""
        base = {"left": "prov", "turn": "turn", "money": "money", "coins": "coins"}.get(word)
        if base and const and not phase and (word != "left" or la == card_id("Province")):
            if op in (">=", ">"):
                phase, phase_n = f"{base}_ge", v if op == ">=" else v + 1
            elif op in ("<=", "<"):
                phase, phase_n = f"{base}_le", v if op == "<=" else v - 1
            else:
                raise RuleError(f"{where}: {cond} is not a condition the search space writes")
            continue
        raise RuleError(f"{where}: {cond} is not a condition the search space writes")
    if fixed is not None:
        # count(X) < N beside a ratio or level limit is its cap; alone, the limit.
        if seen_limit:
            cap = fixed
        else:
            kind, n = FIXED, fixed
    # A number outside the values a search tries (a phase at turn 30) is kept as it is.
    return CardGene(card, kind, n, slot, ref, cap, need, need_n, phase, phase_n)


def _rest_from_bot(bot: RuleBot, P) -> dict:
    """The genome's fields for the rest of the turn (tokens, gains, calls, exchanges,
    modes, trash, Teacher), or a RuleError naming what does not fit."""
    out: dict = {}
    tokens = []
    for k, piles in bot.tokens.items():
        if len(piles) != 1:
            raise RuleError(f"the start bot {bot.name}: its {TOKEN_NAMES[k]} token has "
                            f"{len(piles)} piles; the search space's tokens have one")
        tokens.append((TOKEN_NAMES[k], CARDS[piles[0]].name))
    out["tokens"] = tuple(sorted(tokens))
    gains = {}
    for r in bot.gain:
        src = CARDS[r.from_card].name if r.from_card >= 0 else ""
        if not src or r.conds or src in gains:
            raise RuleError(f"the start bot {bot.name}: rule '{r}' does not fit the search "
                            f"space (one gain rule per card or Event that gains, by it, "
                            f"without conditions)")
        gains[src] = CARDS[r.card].name
    out["gains"] = tuple(sorted(gains.items()))
    calls: dict[str, CallGene] = {}
    for r in bot.calls:
        card = CARDS[r.card].name
        texts = [str(c) for c in r.conds]
        if card == "Guide" and r.from_card < 0 and len(texts) == 1 and \
                texts[0].startswith("hand_coins <= ") and card not in calls:
            calls[card] = CallGene(card, (), _int(texts[0][14:], f"rule '{r}'"))
            continue
        if card in CALL_ON and r.from_card >= 0 and not texts and (
                card not in calls or calls[card].on):
            prev = calls.get(card, CallGene(card))
            calls[card] = replace(prev, on=prev.on + (CARDS[r.from_card].name,))
            continue
        raise RuleError(f"the start bot {bot.name}: rule '{r}' does not fit the search space "
                        f"(Royal Carriage or Duplicate on cards, Guide on hand_coins <= N)")
    out["calls"] = tuple(calls[c] for c in sorted(calls))
    exchanges: dict[str, ExchangeGene] = {}
    for r in bot.exchange:
        card = CARDS[r.card].name
        start = next((s for s in (CARDS[c].name for c in TRAVELLER_LINES)
                      if card in _chain(s)), None)
        texts = [str(c) for c in r.conds]
        ok = start is not None and r.from_card == 0
        if ok:
            chain = _chain(start)
            i = chain.index(card)
            e = exchanges.get(start, ExchangeGene(start))
            if not texts and e.upto == LINE_STAGES:
                exchanges[start] = replace(e, upto=i)
                continue
            cond = f"count({chain[i + 1]}) >= " if i + 1 < len(chain) else None
            if cond and len(texts) == 1 and texts[0].startswith(cond) and not e.cap and \
                    e.upto == LINE_STAGES:
                exchanges[start] = replace(e, cap=_int(texts[0][len(cond):], f"rule '{r}'"))
                continue
        raise RuleError(f"the start bot {bot.name}: rule '{r}' does not fit the search space "
                        f"(keep one stage of a line, or the stage before its last once N "
                        f"are owned)")
    for start, e in exchanges.items():
        if e.cap and e.upto != LINE_STAGES:
            raise RuleError(f"the start bot {bot.name}: its exchange rules for {start} do not "
                            f"fit the search space")
    out["exchanges"] = tuple(exchanges[c] for c in sorted(exchanges))
    chooses: dict[str, ChooseGene] = {}
    for r in bot.choose:
        card = CARDS[r.card].name
        opt = CHOICES[r.card][r.from_card]
        texts = [str(c) for c in r.conds]
        cur = chooses.get(card)
        if cur is None and not texts:
            chooses[card] = ChooseGene(card, opt)
            continue
        if cur is None and len(texts) == 1 and texts[0].startswith("turn <= "):
            chooses[card] = ChooseGene(card, opt, _int(texts[0][8:], f"rule '{r}'"))
            continue
        if cur is not None and cur.turn and not cur.then and not texts:
            chooses[card] = replace(cur, then=opt)
            continue
        if cur is not None and card in MULTI_CHOICE and (cur.then or not cur.turn) and \
                not cur.also and not texts:
            chooses[card] = replace(cur, also=opt)
            continue
        raise RuleError(f"the start bot {bot.name}: rule '{r}' does not fit the search space "
                        f"(an option, or one to turn N and another after; for Pawn and "
                        f"Courtier one more, chosen next)")
    for card, c in chooses.items():
        if c.turn and not c.then:
            raise RuleError(f"the start bot {bot.name}: its {card} options do not fit the "
                            f"search space (an option to turn N needs one after)")
    out["chooses"] = tuple(chooses[c] for c in sorted(chooses))
    if bot.trash is not None:
        names = tuple(CARDS[c].name for c in bot.trash)
        match = [k for k, v in _TRASH_LISTS.items() if v == names]
        if not match:
            raise RuleError(f"the start bot {bot.name}: its trash list {', '.join(names)} is "
                            f"not one of the search space's")
        out["trash"] = match[0]
    if bot.teacher_tokens is not None:
        out["teacher"] = tuple(TOKEN_NAMES[k] for k in bot.teacher_tokens)
    return out


def _int(text: str, where: str) -> int:
    try:
        v = float(text)
    except ValueError:
        raise RuleError(f"{where}: {text!r} is not a number") from None
    if v != int(v):
        raise RuleError(f"{where}: {text!r} is not a whole number")
    return int(v)


__all__ = ["CallGene", "CardGene", "ChooseGene", "ExchangeGene", "Genome", "Space",
           "genome_from_bot"]
