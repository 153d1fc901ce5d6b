"""Rule bots: ordered rule lists and card rankings that compile to a ``sim.engine.program.Program``.

A rule bot is data, not code: the compiled engine interprets its program for every
decision, so a rule bot costs no Python call during a game.  Example::

    RuleBot("smithy-bm", "Big Money with one Smithy per 11 Treasures",
            buy=[Buy("Province", money() > 15),
                 Buy("Smithy", count("Smithy") < count("Treasure") / 11),
                 Buy("Silver")],
            play=["Smithy"])

Conditions may also be given as text (``Buy("Province", "money > 15")``), read by
:func:`bots.conditions.parse_condition`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields

import numpy as np

from bots.conditions import (  # noqa: F401  (re-exported: the rule language in one import)
    Condition,
    Expr,
    Term,
    action_token,
    actions,
    bought,
    bought_this_turn,
    buy_token,
    buys,
    card_token,
    cards,
    coin_token,
    coins,
    cost_token,
    count,
    discard_top,
    draw_size,
    durations,
    empty_piles,
    gained,
    gains_to_end,
    hand_coins,
    in_hand,
    in_play,
    journey_up,
    left,
    minus_card_token,
    minus_coin_token,
    money,
    on_mat,
    opp_count,
    opp_discard_top,
    opp_score,
    opp_turns_taken,
    parse_condition,
    score,
    trashing_token,
    turn,
    turn_coins,
    turn_position,
    turns_taken,
)
from bots.errors import ConditionError, RuleError
from sim.cards import (
    ACTION,
    CALLED_AFTER_ACTION,
    CALLED_ON_GAIN,
    CARDS,
    CHAMPION,
    COPPER,
    CURSE,
    CURSE_TYPE,
    DISCIPLE,
    ESTATE,
    EVENT,
    EXCHANGE_FOR,
    HARBINGER,
    N_CARDS,
    SENTRY,
    START_ORDER,
    THRONE_ROOM,
    TRAVELLER,
    TREASURE,
    UPGRADES,
    VICTORY,
    UnknownCardError,
    card_id,
)
from sim.cards.decisions import reads_gain_list
from sim.engine import codes
from sim.engine import program as P

NAME_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_LIST_NAMES = {P.L_BUY: "Buy", P.L_GAIN: "Gain", P.L_REMODEL: "Remodel", P.L_MINE: "Mine",
               P.L_CALL: "Call", P.L_EXCHANGE: "Exchange", P.L_TRANSMOGRIFY: "Transmogrify",
               P.L_CHOOSE: "Choose"}

# Reserve cards a bot calls by its own decision: those whose declaration says when they
# may be called (sim.cards.types Card.callable; Distant Lands and Wine Merchant are never
# called: Wine Merchant's discard is not a call).
CALLABLE = tuple(sorted((c.id for c in CARDS if c.callable), key=lambda c: CARDS[c].name))
# What ``on`` names for the cards called at a moment other than the start of a turn, by
# that moment (Card.called): the Action just resolved, or the card just gained.
_ON_WORDS = {CALLED_AFTER_ACTION: "the Action just resolved",
             CALLED_ON_GAIN: "the card just gained"}
CALL_TARGETS = {c.id: _ON_WORDS[c.called] for c in CARDS if c.called}
# Cards and Events whose gain the bot's gain list chooses, a rule given ``by`` one of them
# applying to its gains alone (Gain(..., by=...)): read from the table of decisions
# (sim.cards.decisions.reads_gain_list).
GAIN_SOURCES = tuple(sorted({d.card for d in codes.DECISIONS if d.card >= 0 and reads_gain_list(d)},
                            key=lambda c: CARDS[c].name))
# Choose(card, option): the rule language's words for the options of each decision a
# Choose rule answers, in the engine's numbering, as its record declares them (``choices``:
# the option decisions, by card, then Messenger's yes/no, whose option 0 discards the deck).
CHOICES = {d.card: d.choices for d in sorted(
    (d for d in codes.DECISIONS if d.choices), key=lambda d: (d.answer != codes.ANS_MODE, d.card))}
# Token names, in the engine's token order (sim.engine.program X_TOKEN + k).
TOKEN_NAMES = ("+1 Card", "+1 Action", "+1 Buy", "+$1", "-$2", "Trashing")
_TOKEN_ALIASES = {"-$2 cost": "-$2", "trashing token": "Trashing", "+1 coin": "+$1"}
# Start-of-turn effects and calls a ``start`` list may order: the cards whose declarations
# give them a part in the start-of-turn window, in its default order.
START_CARDS = START_ORDER


def validate_name(name: object) -> str:
    """Bot names are CLI words and result-file keys, so stable lower-case ``[a-z0-9-]+``."""
    if not isinstance(name, str) or not NAME_RE.match(name):
        raise RuleError(f"bad bot name {name!r}: use lower-case letters, digits and '-' "
                        f"(e.g. 'smithy-bm')", word=str(name))
    return name


def _card(name: str | int, context: str) -> int:
    try:
        return card_id(name)
    except UnknownCardError as e:
        raise RuleError(f"{context}: {e}", word=str(name)) from None


def _condition(c: Condition | str, context: str) -> Condition:
    if isinstance(c, Condition):
        return c
    if isinstance(c, str):
        return parse_condition(c)
    if isinstance(c, (Term, Expr)):
        raise ConditionError(f"{context}: {c} is a term, not a condition (compare it, e.g. "
                             f"{c} > 0)", word=str(c))
    raise ConditionError(f"{context}: not a condition: {c!r}", word=str(c))


@dataclass(frozen=True)
class Rule:
    """One row of a rule list: gain ``card`` (trashing ``from_card``, or -1) if all hold."""

    kind: int
    card: int
    from_card: int
    conds: tuple[Condition, ...]

    def __str__(self) -> str:
        what = CARDS[self.card].name
        label = _LIST_NAMES[self.kind]
        if self.kind == P.L_CALL:
            if self.from_card >= 0:
                what += f" on {CARDS[self.from_card].name}"
        elif self.kind == P.L_EXCHANGE:
            label = "Exchange" if self.from_card else "Keep"
        elif self.kind == P.L_CHOOSE:
            what += f": {CHOICES[self.card][self.from_card]}"
        elif self.kind == P.L_GAIN:
            if self.from_card >= 0:
                what += f" by {CARDS[self.from_card].name}"
        elif self.from_card >= 0:
            what = f"{CARDS[self.from_card].name} -> {what}"
        text = f"{label} {what}"
        if self.conds:
            text += " if " + " and ".join(str(c) for c in self.conds)
        return text


def _rule(kind: int, card: str | int, from_card: str | int | None,
          conds: Sequence[Condition | str]) -> Rule:
    label = _LIST_NAMES[kind]
    to = _card(card, f"{label} rule")
    frm = -1 if from_card is None else _card(from_card, f"{label} rule")
    context = f"{label} {CARDS[to].name} rule"
    parsed = tuple(_condition(c, context) for c in conds)
    if len(parsed) > P.MAX_CONDS:
        raise RuleError(f"{context} has {len(parsed)} conditions; at most {P.MAX_CONDS}",
                        word=CARDS[to].name)
    return Rule(kind, to, frm, parsed)


def _not_event(r: Rule, what: str) -> Rule:
    for c in (r.card, r.from_card):
        if c >= 0 and CARDS[c].is_type(EVENT):
            raise RuleError(f"{what} rule: {CARDS[c].name} is an Event; Events are bought, "
                            f"never gained or trashed (use Buy)", word=CARDS[c].name)
    return r


def Buy(card: str | int, *conditions: Condition | str) -> Rule:
    """Buy ``card`` if every condition holds (and it is affordable and in the supply).

    ``card`` may be an Event (``Buy("Lost Arts")``): it is bought when it is in the
    game, affordable and allowed (once-per-turn Events, Inheritance once per game); on
    a Mission turn only Events are bought."""
    r = _rule(P.L_BUY, card, None, conditions)
    if r.card in UPGRADES:
        raise RuleError(f"Buy rule: {CARDS[r.card].name} is not in the Supply (it is reached "
                        f"by exchanging a Traveller; see Exchange)", word=CARDS[r.card].name)
    return r


def Gain(card: str | int, *conditions: Condition | str, by: str | int | None = None) -> Rule:
    """Gain ``card`` with Workshop-style gains (``coins`` is the gain's cost limit).

    ``by``: the rule applies only to gains made by that card or Event (one of
    GAIN_SOURCES: Workshop, Artisan, Remodel, Messenger, Alms, Ball, Seaway, Hero,
    Transmogrify, Ironworks, Replace, Upgrade); rules without ``by`` apply to every
    such gain."""
    r = _not_event(_rule(P.L_GAIN, card, None, conditions), "Gain")
    if by is not None:
        r = Rule(P.L_GAIN, r.card, _card(by, "Gain rule's by"), r.conds)
        if r.from_card not in GAIN_SOURCES:
            names = ", ".join(CARDS[c].name for c in GAIN_SOURCES)
            raise RuleError(f"Gain {CARDS[r.card].name} by {CARDS[r.from_card].name}: "
                            f"{CARDS[r.from_card].name} makes no \"gain a card costing up to\" "
                            f"choice (by may name {names})", word=CARDS[r.from_card].name)
    return r


def _flat(items):
    for x in items:
        if isinstance(x, (list, tuple)):
            yield from x
        else:
            yield x


def Call(card: str | int, *conditions: Condition | str,
         on: str | int | Sequence[str | int] | None = None) -> list[Rule]:
    """Call Reserve ``card`` from the Tavern mat when every condition holds.

    ``card``: Coin of the Realm, Duplicate, Guide, Ratcatcher, Royal Carriage,
    Transmogrify or Teacher.  ``on`` (Royal Carriage, Coin of the Realm: the Action
    just resolved; Duplicate: the card just gained) limits the call to those cards.
    A bot with Call rules for a card calls it exactly when one holds; a card without
    any keeps its default (sim.engine.adventures.decide).  Returns one rule per ``on``
    card (a list, which rule lists flatten)."""
    cid = _card(card, "Call rule")
    if cid not in CALLABLE:
        names = ", ".join(CARDS[c].name for c in CALLABLE)
        raise RuleError(f"Call rule: {CARDS[cid].name} is not a Reserve card a bot calls "
                        f"(one of {names})", word=CARDS[cid].name)
    if on is None:
        targets: list[int] = [-1]
    else:
        if cid not in CALL_TARGETS:
            which = "; ".join(f"{CARDS[c].name} ({words})" for c, words in CALL_TARGETS.items())
            raise RuleError(f"Call {CARDS[cid].name}: 'on' is only for {which}", word="on")
        names_on = [on] if isinstance(on, (str, int)) else list(on)
        if not names_on:
            raise RuleError(f"Call {CARDS[cid].name}: 'on' is an empty list", word="on")
        targets = _card_list(names_on, f"Call {CARDS[cid].name} on")
        for t in targets:
            if CARDS[cid].called == CALLED_AFTER_ACTION and not CARDS[t].is_type(ACTION):
                raise RuleError(f"Call {CARDS[cid].name} on {CARDS[t].name}: it is called on "
                                f"an Action just resolved, and {CARDS[t].name} is not an Action",
                                word=CARDS[t].name)
            if CARDS[t].is_type(EVENT):
                raise RuleError(f"Call {CARDS[cid].name} on {CARDS[t].name}: an Event is not "
                                f"a card", word=CARDS[t].name)
    conds = _rule(P.L_CALL, cid, None, conditions).conds
    return [Rule(P.L_CALL, cid, t, conds) for t in targets]


def _traveller(card: str | int, what: str) -> int:
    cid = _card(card, f"{what} rule")
    if not CARDS[cid].is_type(TRAVELLER) or cid not in EXCHANGE_FOR:
        names = ", ".join(CARDS[c].name for c in EXCHANGE_FOR)
        raise RuleError(f"{what} rule: {CARDS[cid].name} is not a Traveller that is exchanged "
                        f"(one of {names})", word=CARDS[cid].name)
    return cid


def Exchange(traveller: str | int, *conditions: Condition | str) -> Rule:
    """Exchange ``traveller`` (Page, Treasure Hunter, ...) for its next card when it is
    discarded from play and every condition holds.  With :func:`Keep`, the first rule
    naming the Traveller whose conditions hold decides; none: exchange (the default)."""
    cid = _traveller(traveller, "Exchange")
    return Rule(P.L_EXCHANGE, cid, 1, _rule(P.L_EXCHANGE, cid, None, conditions).conds)


def Keep(traveller: str | int, *conditions: Condition | str) -> Rule:
    """Do not exchange ``traveller`` when every condition holds (``Keep("Treasure
    Hunter")``: never).  See :func:`Exchange`."""
    cid = _traveller(traveller, "Keep")
    return Rule(P.L_EXCHANGE, cid, 0, _rule(P.L_EXCHANGE, cid, None, conditions).conds)


def Transmogrify(from_card: str | int, to_card: str | int,
                 *conditions: Condition | str) -> Rule:
    """When Transmogrify is called: trash ``from_card`` from hand and gain ``to_card``
    (costing up to $1 more) to hand.  A bot with these rules and no Call rule for
    Transmogrify calls it when one applies."""
    r = _not_event(_rule(P.L_TRANSMOGRIFY, to_card, from_card, conditions), "Transmogrify")
    if CARDS[r.card].cost > CARDS[r.from_card].cost + 1:
        raise RuleError(f"Transmogrify {CARDS[r.from_card].name} -> {CARDS[r.card].name} can "
                        f"never apply: costs more than $1 above", word=CARDS[r.card].name)
    return r


def Choose(card: str | int, option: str, *conditions: Condition | str) -> Rule:
    """Take ``option`` when ``card`` asks and every condition holds; the first holding
    rule for the card decides, none: the default.  Options: the card's words in
    :data:`CHOICES`, declared with the question it asks (sim.cards; the bot language
    reference lists them)."""
    cid = _card(card, "Choose rule")
    if cid not in CHOICES:
        names = ", ".join(CARDS[c].name for c in CHOICES)
        raise RuleError(f"Choose rule: {CARDS[cid].name} has no options to choose (one of "
                        f"{names})", word=CARDS[cid].name)
    options = CHOICES[cid]
    key = option.strip().lower() if isinstance(option, str) else option
    if key not in options:
        raise RuleError(f"Choose {CARDS[cid].name}: unknown option {option!r} (options: "
                        f"{', '.join(options)})", word=str(option))
    r = _rule(P.L_CHOOSE, cid, None, conditions)
    return Rule(P.L_CHOOSE, cid, options.index(key), r.conds)


def Remodel(from_card: str | int, to_card: str | int, *conditions: Condition | str) -> Rule:
    """Remodel ``from_card`` (in hand) into ``to_card``; refused if it could never apply."""
    r = _not_event(_rule(P.L_REMODEL, to_card, from_card, conditions), "Remodel")
    if CARDS[r.card].cost > CARDS[r.from_card].cost + 2:
        raise RuleError(f"Remodel {CARDS[r.from_card].name} -> {CARDS[r.card].name} can never "
                        f"apply: costs more than $2 above", word=CARDS[r.card].name)
    return r


def Mine(from_card: str | int, to_card: str | int, *conditions: Condition | str) -> Rule:
    """Mine ``from_card`` into ``to_card`` (both Treasures, cost up to $3 more)."""
    r = _rule(P.L_MINE, to_card, from_card, conditions)
    for c in (r.from_card, r.card):
        if not CARDS[c].is_type(TREASURE):
            raise RuleError(f"Mine rule: {CARDS[c].name} is not a Treasure",
                            word=CARDS[c].name)
    if CARDS[r.card].cost > CARDS[r.from_card].cost + 3:
        raise RuleError(f"Mine {CARDS[r.from_card].name} -> {CARDS[r.card].name} can never "
                        f"apply: costs more than $3 above", word=CARDS[r.card].name)
    return r


@dataclass(frozen=True)
class Entry:
    """One entry of a card list (``play``, ``gear``, ``disciple``): ``card``, taken only
    while every condition holds (no conditions: always)."""

    card: int
    conds: tuple[Condition, ...] = ()

    def __str__(self) -> str:
        text = CARDS[self.card].name
        if self.conds:
            text += " if " + " and ".join(str(c) for c in self.conds)
        return text


# The card lists whose entries may carry conditions (When), and the engine's code of each.
CONDITIONAL_LISTS = {"play": P.W_PLAY, "gear": P.W_GEAR, "disciple": P.W_DISCIPLE}


def When(card: str | int, *conditions: Condition | str) -> Entry:
    """An entry of the ``play``, ``gear`` or ``disciple`` list that applies only while
    every condition holds, checked each time the list is asked: ``play=[When("Ranger",
    journey_up() == 0), "Smithy"]`` plays Ranger only when its Journey token is face
    down (so that it draws), else Smithy.  A card may be listed again after an entry of
    it with conditions (either entry's conditions then take it: an "or")."""
    cid = _card(card, "When entry")
    context = f"When {CARDS[cid].name} entry"
    parsed = tuple(_condition(c, context) for c in conditions)
    if len(parsed) > P.MAX_CONDS:
        raise RuleError(f"{context} has {len(parsed)} conditions; at most {P.MAX_CONDS}",
                        word=CARDS[cid].name)
    return Entry(cid, parsed)


def entry_list(items: Iterable[str | int | Entry], what: str) -> list[Entry]:
    """A card list whose items may be :func:`When` entries.  A card listed again after
    an entry of it without conditions could never apply there: refused."""
    if isinstance(items, (str, bytes, Entry)):
        raise RuleError(f"{what} must be a list of card names or When(...) entries, got "
                        f"{items!r}", word=str(items))
    out: list[Entry] = []
    for item in items:
        entry = item if isinstance(item, Entry) else Entry(_card(item, what))
        for earlier in out:
            if earlier.card == entry.card and not earlier.conds:
                name = CARDS[entry.card].name
                again = "" if isinstance(item, Entry) else f", again as {item!r}"
                raise RuleError(f"{what} lists {name} twice ({name} without conditions "
                                f"always applies first{again})",
                                word=name if isinstance(item, Entry) else str(item))
        out.append(entry)
    return out


def _entry_cards(entries: list[Entry]) -> list[int]:
    """The cards of a list in order, each once (its first entry), for its rank row."""
    ids: list[int] = []
    for e in entries:
        if e.card not in ids:
            ids.append(e.card)
    return ids


# --- Default rankings ------------------------------------------------------------------


def default_play_order() -> list[int]:
    """Action cards in default play order.

    Throne Room first: it doubles the best Action left in hand, which the rest of the
    order then says (a Throne Room it meets there doubles another Throne Room).  Then
    the non-terminals that set up the top of the deck, Sentry then Harbinger, so that
    the draws after them take the cards they kept or put there (in 20,000 games of a
    Laboratory-Sentry-Harbinger Big Money, this order beat Laboratory first 51.9% to
    48.1%).  Disciple plays a card twice like Throne Room; Champion goes before the
    other Actions, each of which it then gives +1 Action.  Then the other non-terminals
    (they cost no Action in net), those with more
    +Actions first (Village, Festival), then more +Cards (draw before deciding:
    Laboratory, Market, Merchant), Cellar last among them (it discards better after the
    draws); then terminals, most expensive first (a rough proxy for strongest).  Ties
    by card id.
    """
    first = [THRONE_ROOM, DISCIPLE, CHAMPION, SENTRY, HARBINGER]
    action_cards = [c for c in CARDS if c.is_type(ACTION) and c.id not in first]
    nonterm = sorted((c for c in action_cards if c.actions > 0),
                     key=lambda c: (-c.actions, -c.cards, -c.cost, c.id))
    term = sorted((c for c in action_cards if c.actions == 0), key=lambda c: (-c.cost, c.id))
    return first + [c.id for c in nonterm + term]


def _only_victory_or_curse(c) -> bool:
    return c.types in (VICTORY, CURSE_TYPE)


def default_discard_order() -> list[int]:
    """All cards, first discarded first: Curse, then Victory-only cards by VP (Province,
    Duchy, Estate, Gardens), then Copper, then the rest cheapest first (ties by id).
    Dead cards go first; among live ones the cheapest is usually the weakest."""
    dead = sorted((c for c in CARDS if _only_victory_or_curse(c)),
                  key=lambda c: (c.types != CURSE_TYPE, -c.vp, c.id))
    rest = sorted((c for c in CARDS if not _only_victory_or_curse(c) and c.id != COPPER),
                  key=lambda c: (c.cost, c.id))
    return [c.id for c in dead] + [COPPER] + [c.id for c in rest]


DEFAULT_TRASH = (CURSE, ESTATE, COPPER)


def default_topdeck_order() -> list[int]:
    """Cards Harbinger takes back onto the deck by default, first taken first: every
    Action and Treasure except Copper, the costliest first (ties by id), the card most
    worth drawing next turn.  Victory cards, Curses and Copper are never taken."""
    ranks = P.default_topdeck_rank()
    return [int(c) for c in np.argsort(ranks, kind="stable") if ranks[c] < P.NEVER]


def default_sentry_discard_set() -> list[int]:
    """Cards Sentry discards by default (of those it looked at and did not trash): every
    Victory card and Curse; the rest go back on the deck."""
    return [int(c) for c in np.flatnonzero(P.default_sentry_discard())]


def default_cellar_set() -> list[int]:
    """Cards Cellar discards by default: those whose only type is Victory or Curse."""
    return [c.id for c in CARDS if _only_victory_or_curse(c)]


def _card_list(names: Iterable[str | int], what: str) -> list[int]:
    if isinstance(names, (str, bytes)):
        raise RuleError(f"{what} must be a list of card names, got the text {names!r}",
                        word=str(names))
    ids: list[int] = []
    for n in names:
        if isinstance(n, Entry):
            lists = ", ".join(CONDITIONAL_LISTS)
            raise RuleError(f"{what} takes card names only: When(...) entries with conditions "
                            f"are for {lists}", word=CARDS[n.card].name)
        cid = _card(n, what)
        if cid in ids:
            raise RuleError(f"{what} lists {CARDS[cid].name} twice (again as {n!r})", word=str(n))
        ids.append(cid)
    return ids


def _discard_list(items: Iterable, what: str = "discard") -> list[int]:
    """The discard order with ties settled: each item is a card, or a list of cards
    equally willing to be discarded; within such a group the costlier card goes
    first, then the lower card id (sim.cards).  Settled here, into plain ranks, so
    the engine reads one rank per card as before."""
    if isinstance(items, (str, bytes)):
        raise RuleError(f"{what} must be a list of card names, got the text {items!r}",
                        word=str(items))
    flat: list[int] = []
    for item in items:
        if isinstance(item, (list, tuple)):
            if not item:
                raise RuleError(f"{what} has an empty group [] (a group lists cards that "
                                f"tie)", word="[]")
            group = [_card(n, what) for n in item]
            group.sort(key=lambda c: (-CARDS[c].cost, c))
        else:
            group = [_card(item, what)]
        for cid in group:
            if cid in flat:
                raise RuleError(f"{what} lists {CARDS[cid].name} twice", word=CARDS[cid].name)
            flat.append(cid)
    return flat


def _ranks(order: Sequence[int], fill: int | None = None) -> np.ndarray:
    """Rank array: position in ``order``; unlisted cards get ``fill``."""
    ranks = np.full(N_CARDS, P.NEVER if fill is None else fill, np.int32)
    for i, cid in enumerate(order):
        ranks[cid] = i
    return ranks


def _rules_list(rules: Iterable[Rule | str], kind: int, what: str) -> list[Rule]:
    out = []
    if isinstance(rules, (str, Rule)):
        rules = [rules]
    for r in _flat(rules):
        if isinstance(r, str) and kind == P.L_BUY:
            r = Buy(r)
        elif isinstance(r, str) and kind == P.L_GAIN:
            r = Gain(r)
        if not isinstance(r, Rule) or r.kind != kind:
            names = "Exchange(...) or Keep(...)" if kind == P.L_EXCHANGE else \
                f"{_LIST_NAMES[kind]}(...)"
            raise RuleError(f"{what} takes {names} rules, got {r}", word=str(r))
        out.append(r)
    return out


def _token_key(name: object) -> int:
    if not isinstance(name, str):
        raise RuleError(f"tokens: a token name must be text, got {name!r}", word=str(name))
    key = name.strip()
    key = _TOKEN_ALIASES.get(key.lower(), key)
    for k, token in enumerate(TOKEN_NAMES):
        if token.lower() == key.lower():
            return k
    raise RuleError(f"tokens: unknown token {name!r} (tokens: {', '.join(TOKEN_NAMES)})",
                    word=name)


def _token_piles(tokens: dict | None) -> dict[int, list[int]]:
    """``{"+1 Action": ["Village"], ...}`` as {token number: pile card ids}."""
    if tokens is None:
        return {}
    if not isinstance(tokens, dict):
        raise RuleError(f"tokens must map token names to lists of piles, got {tokens!r}",
                        word="tokens")
    out: dict[int, list[int]] = {}
    for name, piles in tokens.items():
        k = _token_key(name)
        ids = _card_list(piles, f"tokens[{TOKEN_NAMES[k]}]")
        for c in ids:
            if not CARDS[c].is_type(ACTION) or c in UPGRADES or CARDS[c].is_type(EVENT):
                raise RuleError(f"tokens[{TOKEN_NAMES[k]}]: {CARDS[c].name} is not an Action "
                                f"Supply pile (tokens go on Action Supply piles)",
                                word=CARDS[c].name)
        out[k] = ids
    return out


class RuleBot:
    """A bot defined by rule lists and card rankings; :meth:`program` compiles it.

    Defaults (each ``None`` means "use the default"):

    * ``play``: every Action, in :func:`default_play_order`.  An explicit list plays
      only the cards it names, in that order (others get rank ``NEVER``); a
      :func:`When` entry plays its card only while its conditions hold (Throne Room and
      Disciple's default follow it too; Vassal and Library read the order alone).
      ``play`` and ``disciple`` may list Estate, the one non-Action they take: it is
      played (at its place) only while the player's Estates are Actions, once
      Inheritance put the Estate token on one; the default order never plays it.
    * ``discard`` (attacks, Cellar's order): the listed cards first, then the remaining
      cards in :func:`default_discard_order`.  An item may be a list of cards that tie
      (``["Province", ["Duchy", "Estate"], "Copper"]``): of those, the costlier card is
      discarded first, then the lower card id (Duchy before Estate).
    * ``trash`` (Chapel, Remodel's fallback): Curse, Estate, Copper; an explicit list
      trashes only the cards it names.
    * ``cellar``: cards Cellar discards; default :func:`default_cellar_set`.
    * ``topdeck``: cards to put onto the deck when a card lets the bot choose, first
      listed first.  Harbinger takes the first listed card in its discard pile, or
      nothing when none is there (without a list: :func:`default_topdeck_order`, the
      costliest Action or Treasure but Copper).
      Artisan puts back the first listed card in its hand (even one it could use this
      turn: list only cards it is happy to keep for next turn); Sentry, putting two
      different cards back, puts the first listed on top.  When no listed card is
      there, both do what they do without a list: Artisan puts back an Action it
      cannot play this turn, else its cheapest Treasure, else the card it would
      discard first; Sentry puts on top the card it would discard last.
    * ``sentry_discard``: cards Sentry discards when it does not trash them; the
      others go back on the deck (default :func:`default_sentry_discard_set`: Victory
      cards and Curses).  Sentry trashes the cards of ``trash``.
    * The rest of the base set's cards decide from the lists above: Throne Room and
      Vassal play what ``play`` would play (Throne Room the first card of ``play`` in
      hand); Library sets an Action aside when no Action is left to play it or ``play``
      never plays it; Poacher discards like an attack, Bureaucrat puts back the Victory
      card ``discard`` would discard first; Artisan gains from ``gain`` (else ``buy``)
      with $5; Bandit's victim trashes the cheaper of two Treasures.
    * ``gain`` empty: the engine uses the buy list for Workshop gains.
    * Ending the game (both off by default; at most one may be on), checked for every
      buy and gain that would end the game after this turn, this turn counted in the
      bot's turns: ``avoid_losing_end`` refuses it only when an opponent would then
      beat the bot (more VP, or equal VP in fewer turns), so it takes a tie that is a
      shared win, as the established simulators' "avoid losing" does;
      ``end_only_when_winning`` refuses it unless the bot then has more VP than every
      opponent (it refuses ties, even shared ones).
    * Adventures (:mod:`sim.engine.adventures.decide` holds every default):
      ``calls`` (:func:`Call` rules: when to call each Reserve), ``exchange``
      (:func:`Exchange` / :func:`Keep`: Traveller exchanges), ``transmogrify``
      (:func:`Transmogrify` rules), ``choose`` (:func:`Choose`: the cards of
      :data:`CHOICES`), gain rules ``by`` a card or Event (Messenger, Alms, Ball, Seaway,
      Hero); ``tokens`` (``{"+1 Action": ["Lost City"], ...}``: the piles each token
      goes on, first allowed first), ``teacher_tokens`` (the tokens Teacher places, in
      order), ``gear`` / ``save`` (cards Gear and Save set aside, first listed first;
      with a gear list Gear sets aside only listed cards, a :func:`When` entry only
      while its conditions hold, asked again for the second card), ``disciple`` (the
      Action Disciple plays twice: the first listed in hand, :func:`When` entries while
      their conditions hold, none: no play; default: what ``play`` plays next),
      ``trade`` (cards Trade trashes; default the trash list) and ``start`` (the
      start-of-turn effects and calls, listed first resolved first).
    * Flags: ``excess_terminals_first`` on (discard terminals
      the hand cannot play before anything else), ``reveal_moat`` on, ``mine_always`` on
      (Mine upgrades the best Treasure when no Mine rule applies); Treasures are always
      all played.

    Everything is checked and compiled here, so a bad bot fails when defined.
    """

    def __init__(self, name: str, description: str = "", *,
                 buy: Iterable[Rule | str] = (), gain: Iterable[Rule | str] = (),
                 remodel: Iterable[Rule] = (), mine: Iterable[Rule] = (),
                 play: Iterable[str | int | Entry] | None = None,
                 discard: Iterable[str | int | Sequence[str | int]] | None = None,
                 trash: Iterable[str | int] | None = None,
                 cellar: Iterable[str | int] | None = None,
                 topdeck: Iterable[str | int] | None = None,
                 sentry_discard: Iterable[str | int] | None = None,
                 calls: Iterable[Rule | Sequence[Rule]] = (),
                 exchange: Iterable[Rule] = (), transmogrify: Iterable[Rule] = (),
                 choose: Iterable[Rule] = (),
                 tokens: dict[str, Iterable[str | int]] | None = None,
                 teacher_tokens: Iterable[str] | None = None,
                 gear: Iterable[str | int | Entry] | None = None,
                 disciple: Iterable[str | int | Entry] | None = None,
                 save: Iterable[str | int] | None = None,
                 trade: Iterable[str | int] | None = None,
                 start: Iterable[str | int] | None = None,
                 avoid_losing_end: bool = False, end_only_when_winning: bool = False,
                 excess_terminals_first: bool = True, reveal_moat: bool = True,
                 mine_always: bool = True) -> None:
        self.name = validate_name(name)
        if not isinstance(description, str):
            raise RuleError(f"bot {name}: description must be text", word="description")
        self.description = description
        self.buy = _rules_list(buy, P.L_BUY, "buy")
        self.gain = _rules_list(gain, P.L_GAIN, "gain")
        self.remodel = _rules_list(remodel, P.L_REMODEL, "remodel")
        self.mine = _rules_list(mine, P.L_MINE, "mine")
        self.play_entries = None if play is None else entry_list(play, "play")
        self.disciple = None if disciple is None else entry_list(disciple, "disciple")
        for what, entries in (("play", self.play_entries), ("disciple", self.disciple)):
            for e in entries or ():
                # Estate: an Action once Inheritance puts the Estate token on one; the
                # engine plays a listed Estate only then (sim.engine.decide.playable_listed).
                if not CARDS[e.card].is_type(ACTION) and e.card != ESTATE:
                    raise RuleError(f"{what} lists {CARDS[e.card].name}, which is not an "
                                    f"Action (of the other cards only Estate may be "
                                    f"listed, for Inheritance)", word=CARDS[e.card].name)
        self.play = None if play is None else _entry_cards(self.play_entries)
        self.discard = None if discard is None else _discard_list(discard)
        self.trash = None if trash is None else _card_list(trash, "trash")
        self.cellar = None if cellar is None else _card_list(cellar, "cellar")
        self.topdeck = None if topdeck is None else _card_list(topdeck, "topdeck")
        self.sentry_discard = (None if sentry_discard is None
                               else _card_list(sentry_discard, "sentry_discard"))
        self.calls = _rules_list(calls, P.L_CALL, "calls")
        self.exchange = _rules_list(exchange, P.L_EXCHANGE, "exchange")
        self.transmogrify = _rules_list(transmogrify, P.L_TRANSMOGRIFY, "transmogrify")
        self.choose = _rules_list(choose, P.L_CHOOSE, "choose")
        self.tokens = _token_piles(tokens)
        self.teacher_tokens = None if teacher_tokens is None else \
            _teacher_tokens(teacher_tokens)
        self.gear_entries = None if gear is None else entry_list(gear, "gear")
        self.gear = None if gear is None else _entry_cards(self.gear_entries)
        self.save = None if save is None else _card_list(save, "save")
        self.trade = None if trade is None else _card_list(trade, "trade")
        self.start = None if start is None else _card_list(start, "start")
        for cid in self.start or ():
            if cid not in START_CARDS:
                names = ", ".join(CARDS[c].name for c in START_CARDS)
                raise RuleError(f"start lists {CARDS[cid].name}, which does nothing at the "
                                f"start of a turn (start may list {names})",
                                word=CARDS[cid].name)
        self.flags = {"avoid_losing_end": avoid_losing_end,
                      "end_only_when_winning": end_only_when_winning,
                      "excess_terminals_first": excess_terminals_first,
                      "reveal_moat": reveal_moat, "mine_always": mine_always}
        for key, value in self.flags.items():
            if not isinstance(value, bool):
                raise RuleError(f"bot {name}: {key} must be true or false, got {value!r}",
                                word=key)
        if avoid_losing_end and end_only_when_winning:
            raise RuleError(f"bot {name}: avoid_losing_end and end_only_when_winning are two "
                            f"rules for the same choice; set one of them",
                            word="end_only_when_winning")
        self._program = self._compile()

    def __repr__(self) -> str:
        return f"RuleBot({self.name!r})"

    def rule_lists(self) -> tuple[list[Rule], ...]:
        """The rule lists in program order (sim.engine.program L_BUY ... L_CHOOSE)."""
        return (self.buy, self.gain, self.remodel, self.mine, self.calls, self.exchange,
                self.transmogrify, self.choose)

    def rules(self) -> list[Rule]:
        """All rules in program row order (buy, gain, remodel, mine, then the Adventures
        lists: calls, exchange, transmogrify, choose)."""
        return [r for lst in self.rule_lists() for r in lst]

    def listed_with_conditions(self) -> dict[int, list[Entry]]:
        """The card lists compiled to rows (sim.engine.program W_*): ``play`` and ``gear``
        when an entry has conditions (without, their rank rows say everything, as
        before), ``disciple`` whenever given (it has no rank row)."""
        lists = {P.W_PLAY: self.play_entries, P.W_GEAR: self.gear_entries,
                 P.W_DISCIPLE: self.disciple}
        return {w: entries for w, entries in lists.items() if entries is not None and (
            w == P.W_DISCIPLE or any(e.conds for e in entries))}

    def _compile(self) -> P.Program:
        rules = self.rules()
        with_rows = self.listed_with_conditions()
        # Rule rows, then one row (card, list code) per entry of each conditioned list.
        table = [(rule.card, rule.from_card, rule.conds) for rule in rules]
        table += [(e.card, w, e.conds) for w, entries in with_rows.items() for e in entries]
        r = len(table)
        if r > P.MAX_RULES:
            raise RuleError(f"bot {self.name} has {r} rules and list entries with "
                            f"conditions; at most {P.MAX_RULES}")
        rows = np.full((r, 2), -1, np.int32)
        conds = np.zeros((r, P.MAX_CONDS, P.COND_WIDTH), np.float64)
        n_conds = np.zeros(r, np.int32)
        for i, (card, second, row_conds) in enumerate(table):
            rows[i] = (card, second)
            n_conds[i] = len(row_conds)
            for j, c in enumerate(row_conds):
                conds[i, j] = c.row()
        bounds = np.zeros((P.N_LISTS, 2), np.int32)
        start = 0
        for k, lst in enumerate(self.rule_lists()):
            bounds[k] = (start, start + len(lst))
            start += len(lst)

        play = _ranks(default_play_order() if self.play is None else self.play)
        listed = self.discard or []
        order = listed + [c for c in default_discard_order() if c not in listed]
        discard = _ranks(order)
        trash = _ranks(DEFAULT_TRASH if self.trash is None else self.trash)
        cellar = np.zeros(N_CARDS, np.int32)
        cellar[default_cellar_set() if self.cellar is None else self.cellar] = 1

        flags = np.zeros(P.N_FLAGS, np.int32)
        flags[P.F_AVOID_LOSING_END] = (
            P.AL_NOT_BEHIND if self.flags["avoid_losing_end"]
            else P.AL_WIN_ONLY if self.flags["end_only_when_winning"] else P.AL_OFF)
        flags[P.F_EXCESS_TERMINALS] = self.flags["excess_terminals_first"]
        flags[P.F_REVEAL_MOAT] = self.flags["reveal_moat"]
        flags[P.F_PLAY_TREASURES] = 1
        flags[P.F_KIND] = P.K_RULES
        flags[P.F_MINE_ALWAYS] = self.flags["mine_always"]
        flags[P.F_TOPDECK] = int(self.topdeck is not None)
        topdeck = (P.default_topdeck_rank() if self.topdeck is None else _ranks(self.topdeck))
        sentry = P.default_sentry_discard()
        if self.sentry_discard is not None:
            sentry[:] = 0
            sentry[self.sentry_discard] = 1
        extra = P.no_extra_ranks()
        given = 0
        lists = {P.X_TOKEN + k: piles for k, piles in self.tokens.items()}
        lists[P.X_TEACHER] = self.teacher_tokens
        lists[P.X_GEAR] = self.gear
        lists[P.X_SAVE] = self.save
        lists[P.X_TRADE] = self.trade
        lists[P.X_START] = self.start
        for x, order in lists.items():
            if order is not None:
                extra[x] = _ranks(order)
                given |= 1 << x
        for w in with_rows:
            given |= 1 << (P.W_BIT0 + w)
        flags[P.F_LISTS] = given
        prog = P.Program(rows, conds, n_conds, bounds, play, discard, trash, cellar, flags,
                         topdeck, sentry, extra)
        prog.validate()
        return prog

    def program(self) -> P.Program:
        """A fresh copy of the compiled program (callers may modify or stack it)."""
        return copy_program(self._program)

    def describe(self) -> str:
        """Readable listing of the rules, for ``domsim bots --show``-style output."""
        lines = [f"{self.name}: {self.description}"]
        lines += [f"  {r}" for r in self.rules()]
        entries = {"play": self.play_entries, "gear": self.gear_entries,
                   "disciple": self.disciple}
        for key in ("play", "topdeck", "sentry_discard", "gear", "save", "trade", "start",
                    "disciple"):
            listed = entries.get(key) or getattr(self, key)
            if listed is not None:
                lines.append(f"  {key}: " + ", ".join(
                    str(c) if isinstance(c, Entry) else CARDS[c].name for c in listed))
        for k, piles in self.tokens.items():
            lines.append(f"  {TOKEN_NAMES[k]} token on: "
                         + ", ".join(CARDS[c].name for c in piles))
        if self.teacher_tokens is not None:
            lines.append("  teacher_tokens: "
                         + ", ".join(TOKEN_NAMES[k] for k in self.teacher_tokens))
        return "\n".join(lines)


def copy_program(p: P.Program) -> P.Program:
    """Deep copy of a program (all arrays copied)."""
    return P.Program(p.rules.copy(), p.conds.copy(), p.n_conds.copy(), p.list_bounds.copy(),
                     p.play_rank.copy(), p.discard_rank.copy(), p.trash_rank.copy(),
                     p.cellar_discard.copy(), p.flags.copy(), p.topdeck_rank.copy(),
                     p.sentry_discard.copy(), p.extra_ranks.copy())


def _teacher_tokens(names: Iterable[str]) -> list[int]:
    """Teacher's token order as token numbers (0..3: +1 Card, +1 Action, +1 Buy, +$1)."""
    if isinstance(names, (str, bytes)):
        raise RuleError(f"teacher_tokens must be a list of token names, got the text "
                        f"{names!r}", word=str(names))
    out: list[int] = []
    for n in names:
        k = _token_key(n)
        if k > 3:
            raise RuleError(f"teacher_tokens: Teacher moves only the +1 Card, +1 Action, "
                            f"+1 Buy and +$1 tokens, not {n!r}", word=str(n))
        if k in out:
            raise RuleError(f"teacher_tokens lists {TOKEN_NAMES[k]} twice", word=str(n))
        out.append(k)
    return out


PROGRAM_FIELDS = tuple(f.name for f in fields(P.Program))


def programs_equal(a: P.Program, b: P.Program) -> bool:
    """True when two programs have the same arrays (values, shapes and dtypes)."""
    for f in PROGRAM_FIELDS:
        x, y = getattr(a, f), getattr(b, f)
        if x.dtype != y.dtype or x.shape != y.shape or not np.array_equal(x, y):
            return False
    return True
