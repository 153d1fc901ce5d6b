"""Which kingdom cards and Events a bot needs in the game, and whether a game has them.

A bot whose rules buy Smithy plays, on a kingdom without Smithy, as some other bot
(the rule never fires), and a results table would still call it ``smithy-bm``.  So
runs refuse such a kingdom (:func:`sim.runner.plan.make_config`), random kingdoms
and ``--events random`` put the bots' cards and Events in first, and ``domsim bots
--kingdom ...`` lists the bots that can play a given kingdom.  All three use the
functions here, so that they always agree.

What a bot needs:

* the kingdom cards its rules name: buy and gain rules, both cards of a Remodel or
  Mine rule, and the cards of an explicit play list (:func:`bots.identity.kingdom_needs`);
* the Events its buy rules name (an Event is bought like a card; it must be among the
  game's Events);
* never a basic card (Copper ... Curse: always in the Supply), a Traveller upgrade (it
  comes from exchanging, not from the Supply), or a card only named in a condition
  (``count(Witch)`` is simply 0 without Witch);
* a bot with a ``cards`` attribute (a Python bot or a hooked bot whose own code buys
  what its rules do not say) needs exactly the kingdom cards and Events listed there;
* the ``random`` bot needs nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bots.errors import BotError


def needs(bot: Any) -> dict[int, list[str]]:
    """Kingdom card or Event id -> readable labels of the rules that need it
    (``"buy Witch"``, ``"remodel Estate -> Village"``, ``"play Smithy"``), in the order of
    :func:`required_cards`;
    runs store the labels of the rules that can never fire (``allow_missing_cards``)."""
    from bots.identity import kingdom_needs
    from sim.cards import CARDS, EVENTS
    from sim.engine import program as P

    declared = getattr(bot, "cards", None)
    if declared is not None:
        return {c: [f"cards {CARDS[c].name}"] for c in _declared(bot, declared)}
    prog = bot.program()
    if prog.flags[P.F_KIND] == P.K_RANDOM:
        return {}
    out = dict(kingdom_needs(bot))
    events = set(EVENTS)
    start, stop = (int(x) for x in prog.list_bounds[P.L_BUY])
    for r in range(start, stop):
        card = int(prog.rules[r][0])
        if card in events:
            out.setdefault(card, []).append(f"buy {CARDS[card].name}")
    return out


def required_cards(bot: Any) -> list[int]:
    """The kingdom cards and Events (ids) ``bot`` needs in the game (see the module
    docstring): the kingdom cards in rule order (buy, gain, Remodel, Mine rules, then the
    play list), then the Events in buy-rule order; Events are the ids in
    ``sim.cards.EVENTS``.  A random kingdom puts these cards in first, ``--events random``
    these Events."""
    return list(needs(bot))


def _declared(bot: Any, cards: object) -> list[int]:
    """A bot's ``cards`` attribute as kingdom card and Event ids; basic cards and
    Traveller upgrades are dropped (they are always reachable), anything else is an error
    naming the bot and the word."""
    from sim.cards import EVENTS, KINGDOM_CARDS, UnknownCardError, card_id

    name = getattr(bot, "name", repr(bot))
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise BotError(f"bot {name!r}: cards must be a list of card names, not {cards!r}",
                       word="cards")
    wanted = set(KINGDOM_CARDS) | set(EVENTS)
    ids: list[int] = []
    for c in cards:
        try:
            cid = card_id(c)
        except UnknownCardError:
            raise BotError(f"bot {name!r}: unknown card {c!r} in its cards", word=str(c)) \
                from None
        if cid in wanted and cid not in ids:
            ids.append(cid)
    return ids


def missing(required: Iterable[int], kingdom: Sequence[int], events: Sequence[int]
            ) -> list[int]:
    """The ids of ``required`` that a game with this kingdom and these Events lacks."""
    have = set(kingdom) | set(events)
    return [c for c in required if c not in have]


def playable_bots(kingdom: Sequence[int], events: Sequence[int]) -> list[str]:
    """The registered bots that can play a board of ``kingdom`` and ``events`` (card
    ids): every card and Event they need is there; the random bot left out (it plays
    anything, and is no opponent worth measuring).  In the registry's order.  The field
    a board offers: the strategy search's report and the learned bots' league read it."""
    from bots import list_bots

    return [bot.name for bot in list_bots()
            if bot.name != "random" and not missing(required_cards(bot), kingdom, events)]


def split(ids: Iterable[int]) -> tuple[list[int], list[int]]:
    """``ids`` as (kingdom cards, Events), each in the order given."""
    from sim.cards import EVENTS

    event_ids = set(EVENTS)
    ids = list(ids)
    return [c for c in ids if c not in event_ids], [c for c in ids if c in event_ids]


def and_list(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def names_and(ids: Sequence[int]) -> str:
    """Card names as a phrase: ``Smithy``, ``Smithy and Witch``, ``Cellar, Smithy and Witch``."""
    from sim.cards import CARDS

    return and_list([CARDS[c].name for c in ids])


def needs_text(ids: Sequence[int]) -> str:
    """What a bot lacks, cards then Events: ``Witch and the Event Lost Arts``."""
    cards, evs = split(ids)
    parts = [names_and(cards)] if cards else []
    if evs:
        parts.append(("the Event " if len(evs) == 1 else "the Events ") + names_and(evs))
    return " and ".join(parts)


def refusal(lacking: dict[str, Sequence[int]], kingdom: Sequence[int],
            events: Sequence[int]) -> str:
    """The one-line error for bots whose cards or Events a game lacks (``lacking``: bot
    name -> the ids it lacks), naming each bot and what it lacks, e.g.
    ``bot 'smithy-bm' needs Smithy, which is not in the kingdom (Cellar, ...); use ...``."""
    from sim.cards import CARDS

    sentences, hints = [], []
    cards = {n: split(ids)[0] for n, ids in lacking.items() if split(ids)[0]}
    if cards:
        n_cards = len({c for ids in cards.values() for c in ids})
        who = and_list([f"bot {n!r} needs {names_and(ids)}" for n, ids in cards.items()])
        sentences.append(f"{who}, which {'is' if n_cards == 1 else 'are'} not in the kingdom "
                         f"({', '.join(sorted(CARDS[c].name for c in kingdom))})")
        hints.append(f"--kingdom auto (kingdom='auto') or a kingdom with "
                     f"{'that card' if n_cards == 1 else 'those cards'}")
    evs = {n: split(ids)[1] for n, ids in lacking.items() if split(ids)[1]}
    if evs:
        n_evs = len({c for ids in evs.values() for c in ids})
        who = and_list([f"bot {n!r} needs the Event{'s' if len(ids) > 1 else ''} "
                        f"{names_and(ids)}" for n, ids in evs.items()])
        have = ", ".join(sorted(CARDS[e].name for e in events)) or "none"
        sentences.append(f"{who}, which {'is' if n_evs == 1 else 'are'} not among the "
                         f"game's Events ({have})")
        hints.append(f"--events auto (events='auto') or Events with "
                     f"{'it' if n_evs == 1 else 'them'}")
    last = "; or" if len(hints) > 1 else ", or"
    return (f"{'; '.join(sentences)}; use {'; '.join(hints)}{last}"
            f" --allow-missing-cards (allow_missing_cards=True) to play anyway (the rules "
            f"naming them never fire)")
