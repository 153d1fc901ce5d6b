"""The space of bots the search explores: a fixed rule template with tunable genes.

Every candidate is a Big-Money-shaped rule bot, the shape of the reference bots
(``bots.library``), whose buy list is, in this order::

    Province  [if money > P   |   if count(Gold) > G-1]
    Duchy     if left(Province) <= DL          (absent when DL = 0)
    Estate    if left(Province) <= EL          (absent when EL = 0)
    <cards in slot "early">                     (each with its limit)
    Gold
    Duchy     if left(Province) <= DM          (absent when DM = 0)
    <cards in slot "mid">
    Silver
    <cards in slot "late">

and a limit per kingdom card: not bought, ``count(Card) < N`` (a fixed number)
or ``count(Card) < count(Treasure) / D`` (one per D Treasures).  The Actions
are played in the genome's play order (by default the default play order:
Throne Room, then non-terminals, then terminals); the order only matters, and
only counts as a different bot, between the Actions the bot buys.  Attacks
discard in the reference bots' order with the bought Actions placed after it,
before Silver or before Copper (``action_discard``), and ``avoid_losing_end`` is
on, as for the reference bots.

BMU, Smithy-BM, Militia-BM and Big Money are points of this space, so a search
can start from them (:func:`genome_from_bot`).  A :class:`Genome` is a plain,
hashable value; :class:`Space` says which values each gene may take (a gene
with one allowed value is fixed) and how to mutate a genome within them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from bots.errors import RuleError
from bots.rules import Buy, RuleBot, default_play_order
from sim.cards import ACTION, CARDS, card_id

#: Attack-discard order of the reference bots (bots.library.REFERENCE_DISCARD).
DISCARD = ("Province", "Duchy", "Estate", "Curse", "Copper", "Silver")
#: Where the bought Actions go in that order (discarded first = earlier): after it
#: (kept over every Treasure), before Silver, or before Copper.
ACTION_DISCARD = ("last", "before_silver", "before_copper")
SLOTS = ("early", "mid", "late")

# Card limit kinds: off, fixed count, one per D Treasures.
OFF, FIXED, RATIO = "off", "count", "ratio"


@dataclass(frozen=True)
class CardGene:
    """How a candidate buys one kingdom card: ``kind`` off / count / ratio, its
    number (the count limit N, or the Treasures per card D) and its slot."""

    card: str
    kind: str = OFF
    n: int = 1
    slot: str = "mid"

    def key(self) -> tuple:
        return (self.card, self.kind, self.n if self.kind != OFF else 0,
                self.slot if self.kind != OFF else "")


@dataclass(frozen=True)
class Genome:
    """One candidate bot, as numbers.

    ``province_money``: buy Province only with more than this total money (0: always);
    ``province_gold`` > 0 replaces it with "own at least that many Golds" (written
    ``count(Gold) > N-1``).
    ``duchy_late`` / ``estate_late`` / ``duchy_mid``: the Province-pile thresholds of
    the greening rules (0: rule absent).  ``cards``: one :class:`CardGene` per
    kingdom card the space considers, in a fixed order.
    """

    province_money: int = 18
    province_gold: int = 0
    duchy_late: int = 4
    estate_late: int = 2
    duchy_mid: int = 6
    cards: tuple[CardGene, ...] = ()
    play: tuple[str, ...] = ()
    action_discard: str = "last"

    def play_order(self) -> list[str]:
        """The Actions among ``cards`` in the order they are played: ``play`` first (in
        its order), then the others in the default play order."""
        actions = [c.card for c in self.cards if CARDS[card_id(c.card)].is_type(ACTION)]
        listed = [c for c in self.play if c in actions]
        rank = {CARDS[i].name: k for k, i in enumerate(default_play_order())}
        return listed + sorted((c for c in actions if c not in listed), key=rank.get)

    def bought_play_order(self) -> tuple[str, ...]:
        """The play order of the Actions this bot buys (all that tells two orders apart)."""
        bought = {c.card for c in self.cards if c.kind != OFF}
        return tuple(c for c in self.play_order() if c in bought)

    def key(self) -> tuple:
        """Equal keys, equal bots (a card switched off forgets its number and slot; the
        play order counts only between the Actions bought)."""
        return (self.province_money if not self.province_gold else -1, self.province_gold,
                self.duchy_late, self.estate_late, self.duchy_mid,
                tuple(c.key() for c in self.cards if c.kind != OFF), self.bought_play_order(),
                self.action_discard if self.bought_play_order() else "last")

    def discard_order(self) -> list[str]:
        """The attack-discard order: the reference order, with the bought Actions placed
        as ``action_discard`` says (after it they follow the default order)."""
        actions = list(self.bought_play_order())[::-1]     # the one played last goes first
        if self.action_discard == "before_silver" and actions:
            return list(DISCARD[:-1]) + actions + [DISCARD[-1]]
        if self.action_discard == "before_copper" and actions:
            return list(DISCARD[:-2]) + actions + list(DISCARD[-2:])
        return list(DISCARD)

    def to_dict(self) -> dict:
        return {"province_money": self.province_money, "province_gold": self.province_gold,
                "duchy_late": self.duchy_late, "estate_late": self.estate_late,
                "duchy_mid": self.duchy_mid,
                "cards": [{"card": c.card, "kind": c.kind, "n": c.n, "slot": c.slot}
                          for c in self.cards],
                "play": list(self.play), "action_discard": self.action_discard}

    @classmethod
    def from_dict(cls, d: dict) -> Genome:
        return cls(province_money=int(d["province_money"]),
                   province_gold=int(d["province_gold"]), duchy_late=int(d["duchy_late"]),
                   estate_late=int(d["estate_late"]), duchy_mid=int(d["duchy_mid"]),
                   cards=tuple(CardGene(c["card"], c["kind"], int(c["n"]), c["slot"])
                               for c in d["cards"]),
                   play=tuple(d.get("play", ())),
                   action_discard=str(d.get("action_discard", "last")))

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

        def slot(name: str) -> None:
            for c in self.cards:
                if c.kind == FIXED and c.slot == name:
                    rules.append((c.card, [f"count({c.card}) < {c.n}"]))
                elif c.kind == RATIO and c.slot == name:
                    rules.append((c.card, [f"count({c.card}) < count(Treasure) / {c.n}"]))

        slot("early")
        rules.append(("Gold", []))
        if self.duchy_mid > 0:
            rules.append(("Duchy", [f"left(Province) <= {self.duchy_mid}"]))
        slot("mid")
        rules.append(("Silver", []))
        slot("late")
        return rules

    def bot(self, name: str, description: str = "") -> RuleBot:
        """The candidate as a :class:`RuleBot` (what :func:`to_toml` writes, loaded back)."""
        from bots.conditions import parse_condition

        buy = [Buy(card, *(parse_condition(t) for t in conds))
               for card, conds in self.buy_rules()]
        return RuleBot(name, description or self.describe(), buy=buy,
                       discard=self.discard_order(),
                       play=self.play_order() if self.play else None, avoid_losing_end=True)

    def describe(self) -> str:
        """One line: the thresholds and the kingdom cards bought."""
        prov = (f"Province with {self.province_gold}+ Gold" if self.province_gold else
                f"Province at money > {self.province_money}" if self.province_money else
                "Province always")
        parts = [prov, f"Duchy at <= {self.duchy_late}/{self.duchy_mid} Provinces left",
                 f"Estate at <= {self.estate_late}"]
        for c in self.cards:
            if c.kind == FIXED:
                parts.append(f"{c.card} up to {c.n} ({c.slot})")
            elif c.kind == RATIO:
                parts.append(f"{c.card} 1 per {c.n} Treasures ({c.slot})")
        order = self.bought_play_order()
        if len(order) > 1:
            parts.append("plays " + ", ".join(order))
        if order and self.action_discard != "last":
            parts.append("discards Actions " + self.action_discard.replace("_", " "))
        return "Found by domsim optimize: " + "; ".join(parts) + "."

    def to_toml(self, name: str, description: str = "", header: Sequence[str] = ()) -> str:
        """The bot as a TOML file that ``bots.toml_bot.load_bot_file`` reads back."""
        lines = [f"# {h}" if h else "#" for h in header]
        desc = (description or self.describe()).replace("\\", "\\\\").replace('"', '\\"')
        lines += [f'name = "{name}"', f'description = "{desc}"', "avoid_losing_end = true",
                  "discard = [" + ", ".join(f'"{c}"' for c in self.discard_order()) + "]"]
        if self.play:
            lines.append("play = [" + ", ".join(f'"{c}"' for c in self.play_order()) + "]")
        for card, conds in self.buy_rules():
            lines += ["", "[[buy]]", f'card = "{card}"']
            if conds:
                lines.append("if = [" + ", ".join(f'"{t}"' for t in conds) + "]")
        return "\n".join(lines) + "\n"


def _range(lo: int, hi: int) -> tuple[int, ...]:
    return tuple(range(lo, hi + 1))


@dataclass(frozen=True)
class Space:
    """Which values every gene may take, and how a genome is mutated.

    ``cards``: the kingdom cards whose purchase is searched (default: every Action
    of the kingdom).  A gene whose tuple holds one value is fixed: the toy space of
    the tests varies only ``province_money``.  ``card_counts`` are the fixed limits
    N tried, ``card_ratios`` the Treasures-per-card D.
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

    @classmethod
    def for_kingdom(cls, kingdom: Iterable[str | int], cards: Iterable[str] | None = None,
                    **genes) -> Space:
        """The default space of a kingdom: every kingdom Action (or ``cards``)."""
        if cards is None:
            names = [CARDS[card_id(k)].name for k in kingdom]
            cards = [n for n in names if CARDS[card_id(n)].is_type(ACTION)]
        else:
            cards = [CARDS[card_id(c)].name for c in cards]
        return cls(cards=tuple(cards), **genes)

    def to_dict(self) -> dict:
        d = {k: list(getattr(self, k)) for k in (
            "cards", "province_money", "province_gold", "duchy_late", "estate_late",
            "duchy_mid", "card_counts", "card_ratios", "card_slots", "card_kinds",
            "action_discards")}
        d["play_orders"] = self.play_orders
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Space:
        return cls(**{k: (bool(v) if k == "play_orders" else tuple(v)) for k, v in d.items()})

    # -- genomes ------------------------------------------------------------------------
    def fit(self, g: Genome) -> Genome:
        """``g`` with a gene for every card of the space (cards it lacks are off)."""
        have = {c.card: c for c in g.cards}
        extra = set(have) - set(self.cards)
        if any(have[c].kind != OFF for c in extra):
            raise RuleError(f"the start bot buys {', '.join(sorted(extra))}, which the search "
                            f"space does not include (its cards: {', '.join(self.cards)})")
        return replace(g, cards=tuple(have.get(c, CardGene(c)) for c in self.cards),
                       play=tuple(p for p in g.play if p in self.cards))

    def size(self) -> float:
        """Number of distinct genomes (a float: it can be astronomically large)."""
        prov = len(self.province_money) + len([g for g in self.province_gold if g > 0])
        total = float(prov * len(self.duchy_late) * len(self.estate_late)
                      * len(self.duchy_mid))
        for card in self.cards:
            n = len(self.slots_for(card))
            total *= ((1 if OFF in self.card_kinds else 0)
                      + (len(self.card_counts) * n if FIXED in self.card_kinds else 0)
                      + (len(self.card_ratios) * n if RATIO in self.card_kinds else 0))
        actions = sum(CARDS[card_id(c)].is_type(ACTION) for c in self.cards)
        if self.play_orders:
            total *= float(np.prod(np.arange(1, actions + 1)))
        return total * (len(self.action_discards) if actions else 1)

    def enumerate(self, base: Genome, limit: int) -> list[Genome] | None:
        """Every genome of the space (varying ``base``), or None if there are more than
        ``limit``: a small space is searched exhaustively."""
        if self.size() > limit:
            return None
        out = [base]
        seen = {base.key()}

        def add(g: Genome) -> None:
            if g.key() not in seen:
                seen.add(g.key())
                out.append(g)

        frontier = [base]
        while frontier:
            nxt = []
            for g in frontier:
                for n in self.neighbours(g):
                    if n.key() not in seen:
                        add(n)
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
            for kind in self.card_kinds:
                if kind == OFF:
                    opts = [CardGene(c.card)]
                else:
                    nums = self.card_counts if kind == FIXED else self.card_ratios
                    opts = [CardGene(c.card, kind, n, s) for n in nums
                            for s in self.slots_for(c.card)]
                for o in opts:
                    out.append(replace(g, cards=g.cards[:i] + (o,) + g.cards[i + 1:]))
        if self.play_orders:
            order = g.play_order()
            for i in range(len(order) - 1):
                swapped = order[:i] + [order[i + 1], order[i]] + order[i + 2:]
                out.append(replace(g, play=tuple(swapped)))
        for v in self.action_discards:
            out.append(replace(g, action_discard=v))
        return [n for n in out if n.key() != g.key()]

    def mutate(self, g: Genome, rng: np.random.Generator, steps: int | None = None) -> Genome:
        """``g`` with one to three genes changed: numbers move by a small step (so the
        search refines a threshold), now and then a card is switched on, off or moved."""
        steps = int(rng.integers(1, 4)) if steps is None else steps
        for _ in range(steps):
            g = self._mutate_once(g, rng)
        return g

    def slots_for(self, card: str) -> tuple[str, ...]:
        """Slots worth trying for ``card``: "late" (after Silver) only for cards cheaper
        than Silver, as a costlier card there could never be bought."""
        cost = CARDS[card_id(card)].cost
        return tuple(s for s in self.card_slots
                     if s != "late" or cost < CARDS[card_id("Silver")].cost) or self.card_slots

    def _genes_free(self, g: Genome) -> list[str]:
        genes = []
        if len(self.province_money) > 1 or any(v > 0 for v in self.province_gold):
            genes.append("province")
        for name in ("duchy_late", "estate_late", "duchy_mid"):
            if len(getattr(self, name)) > 1:
                genes.append(name)
        if len(self.card_kinds) > 1 or len(self.card_counts) > 1 or len(self.card_ratios) > 1:
            genes += [f"card:{i}" for i in range(len(g.cards))]
        if self.play_orders and len(g.bought_play_order()) > 1:
            genes.append("play")
        if len(self.action_discards) > 1 and g.bought_play_order():
            genes.append("discard")
        return genes

    def _mutate_once(self, g: Genome, rng: np.random.Generator) -> Genome:
        genes = self._genes_free(g)
        if not genes:
            return g
        gene = genes[int(rng.integers(len(genes)))]
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
            return replace(g, action_discard=others[int(rng.integers(len(others)))])
        if gene == "play":
            # Two of the bought Actions trade places in the play order.
            order = g.play_order()
            bought = g.bought_play_order()
            a, b = rng.choice(len(bought), size=2, replace=False)
            i, j = order.index(bought[a]), order.index(bought[b])
            order[i], order[j] = order[j], order[i]
            return replace(g, play=tuple(order))
        if not gene.startswith("card:"):
            return replace(g, **{gene: _step(getattr(self, gene), getattr(g, gene), rng)})
        i = int(gene[5:])
        c = g.cards[i]
        r = rng.random()
        if c.kind == OFF or r < 0.2:
            kinds = [k for k in self.card_kinds if k != c.kind] or [c.kind]
            kind = kinds[int(rng.integers(len(kinds)))]
            if kind == OFF:
                new = CardGene(c.card)
            else:
                nums = self.card_counts if kind == FIXED else self.card_ratios
                slots = self.slots_for(c.card)
                slot = slots[int(rng.integers(len(slots)))]
                new = CardGene(c.card, kind, int(rng.choice(nums)), slot)
        elif r < 0.35 and len(self.slots_for(c.card)) > 1:
            slots = [s for s in self.slots_for(c.card) if s != c.slot]
            new = replace(c, slot=slots[int(rng.integers(len(slots)))])
        else:
            nums = self.card_counts if c.kind == FIXED else self.card_ratios
            new = replace(c, n=_step(nums, c.n, rng))
        return replace(g, cards=g.cards[:i] + (new,) + g.cards[i + 1:])


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
    """The genome of a rule bot of the template's shape (BMU, Smithy-BM, Big Money...).

    Raises :class:`bots.errors.RuleError` naming the first rule that does not fit, so
    ``--start`` with another kind of bot fails with a clear message.
    """
    if not isinstance(bot, RuleBot):
        raise RuleError(f"--start {getattr(bot, 'name', bot)!r} is not a rule bot; the "
                        f"search starts from rule bots of Big Money's shape")
    if bot.gain or bot.remodel or bot.mine:
        raise RuleError(f"the start bot {bot.name} has gain, remodel or mine rules, which "
                        f"the search space does not have")
    rules = [(CARDS[r.card].name, [str(c) for c in r.conds]) for r in bot.buy]
    g = {"province_money": 0, "province_gold": 0, "duchy_late": 0, "estate_late": 0,
         "duchy_mid": 0}
    cards: dict[str, CardGene] = {}
    stage = 0  # 0 before Province, 1 greening, 2 early cards, 3 after Gold, 4 after Silver
    for card, conds in rules:
        where = f"the start bot {bot.name}: rule 'Buy {card}" + (
            f" if {' and '.join(conds)}'" if conds else "'")
        c = conds[0] if len(conds) == 1 else None
        if len(conds) > 1:
            raise RuleError(f"{where} has more than one condition; the search space's rules "
                            f"have one")
        if card == "Province" and stage == 0:
            if c is None:
                pass
            elif c.startswith("money > "):
                g["province_money"] = _int(c[8:], where)
            elif c.startswith("count(Gold) > "):
                g["province_gold"] = _int(c[14:], where) + 1
            else:
                raise RuleError(f"{where}: the space's Province rule is 'money > N' or "
                                f"'count(Gold) > N'")
            stage = 1
            continue
        pile = c.startswith("left(Province) <= ") if c else False
        if card == "Duchy" and pile and stage in (1, 3) and (
                g["duchy_late" if stage == 1 else "duchy_mid"] == 0):
            g["duchy_late" if stage == 1 else "duchy_mid"] = _int(c[18:], where)
            continue
        if card == "Estate" and pile and stage == 1 and g["estate_late"] == 0:
            g["estate_late"] = _int(c[18:], where)
            continue
        if card == "Gold" and c is None and stage in (1, 2):
            stage = 3
            continue
        if card == "Silver" and c is None and stage == 3:
            stage = 4
            continue
        if card not in ("Province", "Duchy", "Estate", "Gold", "Silver", "Copper") \
                and stage >= 1 and card not in cards and c is not None:
            if stage == 1:
                stage = 2
            slot = {2: "early", 3: "mid", 4: "late"}[stage]
            fixed = f"count({card}) < "
            if c.startswith(fixed) and c[len(fixed):].strip().isdigit():
                cards[card] = CardGene(card, FIXED, int(c[len(fixed):]), slot)
                continue
            ratio = f"count({card}) < count(Treasure) / "
            if c.startswith(ratio):
                cards[card] = CardGene(card, RATIO, _int(c[len(ratio):], where), slot)
                continue
        raise RuleError(f"{where} does not fit the search space (Province, Duchy/Estate by "
                        f"Provinces left, cards with a count limit, Gold, Duchy, Silver)")
    if stage < 4:
        raise RuleError(f"the start bot {bot.name} must buy Province, Gold and Silver in that "
                        f"order, as the search space's bots do")
    play = tuple(CARDS[c].name for c in bot.play) if bot.play else ()
    return Genome(**g, cards=tuple(cards.values()), play=play)


def _int(text: str, where: str) -> int:
    try:
        v = float(text)
    except ValueError:
        raise RuleError(f"{where}: {text!r} is not a number") from None
    if v != int(v):
        raise RuleError(f"{where}: {text!r} is not a whole number")
    return int(v)


__all__ = ["CardGene", "Genome", "Space", "genome_from_bot"]
