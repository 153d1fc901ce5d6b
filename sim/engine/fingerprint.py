"""The card and decision tables a saved artefact was made with, and what changed since.

A policy folder, a results file and a saved state are read by later versions of domsim,
and each holds numbers that mean cards and questions only through the tables of the
version that wrote it: a policy's observation columns and action head are sized and
ordered by card id and decision code, a saved state's answers and position hold card
ids, a results file names cards that a replay finds by name and plays by their facts.
So each records :func:`record` (under :data:`KEY`), and a loader compares it with this
domsim's tables (:func:`compare`) and says exactly what changed, in words, rather than
"a hash differs" or a shape error deep in numpy.

The record (JSON; format :data:`FORMAT`)::

    {"format": 1, "hash": "3f2a9c01b2d4e5f6",
     "cards": [["Copper", 0, "Treasure", 0, 0, 0, 1, 0], ...],      # by card id
     "decisions": [["play an Action", "card"], ...,                  # by decision code
                   ["choose with Miser", "option", ["put a Copper on the mat", ...]], ...]}

A card is its name, cost, types (words) and counters (+Cards, +Actions, +Buys, +$, VP):
its printed facts, the ones that say what it is; not its rules text (a typo fixed is not
another card) nor the engine's internal codes (``special``: a renumbering is not
another card either).  A decision is its name and the kind of answer it takes (a card,
yes/no, an option and its words, a card of an order): what an answer to it means.  The
hash (sha256 of the two lists, 16 hex digits) names a table at a glance.

What a loader accepts (docs/how-to/add-a-card.md):

* the same table;
* **additions only** (policies and results files): every recorded card keeps its id,
  name and facts (new cards take the ids after the recorded ones, as the project's
  rule is: ids are stable, cards are appended), and every recorded decision is still
  declared under its name, with the same kind of answer (its code may move: policies
  and results files name decisions, and a policy's observation is remapped by name).
  A policy is remapped (sim.learn.policy.remap_to_table); a results file reads as is;
* anything else (a card renamed, removed, re-costed, retyped, its counters changed, a
  card inserted before others; a decision gone or answered otherwise) is refused in one
  line naming the first change, e.g. ``made for a card table where Smithy costs $3;
  this domsim's costs $4``.  A saved state accepts only the same table
  (:meth:`TableCheck.strict_change`): its answers are action numbers that an added card
  moves and its position holds card ids and decision codes.

An artefact without a record was written before records were (domsim 0.10 and older):
it is taken as made with :func:`legacy`, the table of domsim 0.10 and 0.11, frozen in
``card_table_0.11.json`` beside this module.

Plain Python (sim.numba_cache.PYTHON_ONLY): no compiled code reads it.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sim.cards import CARDS, TYPE_BITS
from sim.engine import codes

#: The key a record is stored under (policy.json, a results file's metadata, a state).
KEY = "card_table"
#: The record's format.
FORMAT = 1
#: The table of domsim 0.10 and 0.11 (what an artefact without a record was made with).
LEGACY_FILE = Path(__file__).with_name("card_table_0.11.json")

#: A decision's kind of answer, in words (codes.ANS_*).
ANSWER_KINDS = {codes.ANS_CARD: "card", codes.ANS_YES_NO: "yes/no",
                codes.ANS_MODE: "option", codes.ANS_ORDER: "order"}
_KIND_WORDS = {"card": "a card", "yes/no": "yes or no", "option": "an option",
               "order": "a card of an order"}
_COUNTERS = ("Card", "Action", "Buy")


class TableRecordError(ValueError):
    """A recorded table that is not one (damaged, or of a newer format)."""


# ----------------------------------------------------------------------------- records
def types_words(bits: int) -> str:
    """``Action-Attack``: a card's type bits as words (unknown bits as ``type bit N``:
    a record never maps two type sets to one string)."""
    words = [w for w, b in TYPE_BITS.items() if bits & b]
    known = sum(TYPE_BITS.values())
    words += [f"type bit {1 << k}" for k in range(32) if bits & ~known & (1 << k)]
    return "-".join(words) or "no type"


def card_entry(card) -> list:
    """A card's entry: ``[name, cost, types, +Cards, +Actions, +Buys, +$, VP]``."""
    return [card.name, int(card.cost), types_words(card.types), int(card.cards),
            int(card.actions), int(card.buys), int(card.coins), int(card.vp)]


def decision_entry(d) -> list:
    """A decision's entry: ``[name, kind]``, with the option words for options."""
    kind = ANSWER_KINDS.get(d.answer, f"answer {d.answer}")
    return [d.name, kind, list(d.options)] if kind == "option" else [d.name, kind]


def table_hash(cards: Sequence, decisions: Sequence) -> str:
    """16 hex digits of sha256 over the entries (canonical JSON)."""
    text = json.dumps({"cards": list(cards), "decisions": list(decisions)},
                      separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def make_record(cards: Sequence, decisions: Sequence) -> dict:
    """The record of a table given as entries (:func:`card_entry`,
    :func:`decision_entry`): what tests build to stand for an older or another table."""
    cards = [list(c) for c in cards]
    decisions = [list(d) for d in decisions]
    return {"format": FORMAT, "hash": table_hash(cards, decisions), "cards": cards,
            "decisions": decisions}


@functools.cache
def _current_json() -> str:
    return json.dumps(make_record([card_entry(c) for c in CARDS],
                                  [decision_entry(d) for d in codes.DECISIONS]))


def record() -> dict:
    """This domsim's record (a fresh copy: callers may store or edit it)."""
    return json.loads(_current_json())


@functools.cache
def _legacy_json() -> str:
    return json.dumps(read_record(json.loads(LEGACY_FILE.read_text(encoding="utf-8"))))


def legacy() -> dict:
    """The table of domsim 0.10 and 0.11: what an artefact without a record was made
    with (a fresh copy)."""
    return json.loads(_legacy_json())


def record_text(rec: dict, indent: str = " ") -> str:
    """``rec`` as JSON with one card or decision a line (a policy.json stays readable:
    one entry per line, not one number per line)."""
    inner = indent * 2

    def rows(key: str) -> str:
        lines = [inner + json.dumps(e, ensure_ascii=False) for e in rec[key]]
        return "[\n" + ",\n".join(lines) + "\n" + indent + "]"

    return ("{\n" + f'{indent}"format": {json.dumps(rec["format"])},\n'
            f'{indent}"hash": {json.dumps(rec["hash"])},\n'
            f'{indent}"cards": {rows("cards")},\n'
            f'{indent}"decisions": {rows("decisions")}\n' + "}")


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def read_record(rec: object) -> dict:
    """A recorded table, checked (artefacts are passed around: nothing in them is
    trusted), or :class:`TableRecordError` of one line naming what is wrong.  None
    (no record: an artefact of domsim 0.11 or older) reads as :func:`legacy`."""
    if rec is None:
        return legacy()
    if not isinstance(rec, dict):
        raise TableRecordError(f"the card table record is {type(rec).__name__}, not an "
                               f"object")
    fmt = rec.get("format")
    if not _is_int(fmt) or fmt < 1:
        raise TableRecordError(f"the card table record has no format number ({fmt!r})")
    if fmt > FORMAT:
        raise TableRecordError(f"the card table record is of format {fmt}, newer than this "
                               f"domsim reads ({FORMAT}): written by a later domsim")
    cards, decisions = rec.get("cards"), rec.get("decisions")
    if not isinstance(cards, list) or not cards:
        raise TableRecordError("the card table record has no list of cards")
    if not isinstance(decisions, list) or not decisions:
        raise TableRecordError("the card table record has no list of decisions")
    for k, c in enumerate(cards):
        if not (isinstance(c, list) and len(c) == 8 and isinstance(c[0], str)
                and isinstance(c[2], str) and all(_is_int(x) for x in c[1:2] + c[3:])):
            raise TableRecordError(f"the card table record's card {k} is {_short(c)}; "
                                   f"[name, cost, types, +Cards, +Actions, +Buys, +$, VP]")
    for k, d in enumerate(decisions):
        if not (isinstance(d, list) and len(d) in (2, 3) and isinstance(d[0], str)
                and isinstance(d[1], str) and (len(d) == 2) == (d[1] != "option")
                and (len(d) == 2 or (isinstance(d[2], list)
                                     and all(isinstance(w, str) for w in d[2])))):
            raise TableRecordError(f"the card table record's decision {k} is {_short(d)}; "
                                   f"[name, kind] or [name, 'option', [words]]")
    for what, entries in (("card", cards), ("decision", decisions)):
        names = [e[0] for e in entries]
        dup = next((n for n in names if names.count(n) > 1), None)
        if dup is not None:
            raise TableRecordError(f"the card table record names the {what} {dup!r} twice")
    return {"format": fmt, "hash": str(rec.get("hash", "")), "cards": cards,
            "decisions": decisions}


def _short(x: object) -> str:
    r = " ".join(repr(x).split())
    return r if len(r) <= 60 else r[:57] + "..."


# ----------------------------------------------------------------------------- comparing
def _gives(entry: Sequence) -> str:
    """A card's counters in words: ``+1 Card, +2 Actions, +$2, 1 VP`` (``no counters``)."""
    parts = [f"+{n} {w}{'s' if n != 1 else ''}"
             for n, w in zip(entry[3:6], _COUNTERS, strict=True) if n]
    if entry[6]:
        parts.append(f"+${entry[6]}")
    if entry[7]:
        parts.append(f"{entry[7]} VP")
    return ", ".join(parts) or "no counters"


def _answers(entry: Sequence) -> str:
    """What a decision takes, in words: ``a card``, ``an option (+$1 / trash a card)``."""
    words = _KIND_WORDS.get(entry[1], entry[1])
    return f"{words} ({' / '.join(entry[2])})" if len(entry) > 2 else words


def _names(names: Sequence[str], most: int = 3) -> str:
    shown = ", ".join(names[:most])
    return shown + (f" and {len(names) - most} more" if len(names) > most else "")


def _card_change(k: int, old: list, cards: list, at: dict[str, int]) -> str | None:
    """How card ``k`` of a recorded table differs from this domsim's, or None."""
    name = old[0]
    if k >= len(cards):
        return (f"card table where card {k} is {name}; this domsim has no card {k} (its "
                f"cards end at {cards[-1][0]}, card {len(cards) - 1})")
    new = cards[k]
    if new[0] != name:
        if name in at:
            return (f"card table where {name} is card {k}; this domsim's {name} is card "
                    f"{at[name]} (card ids moved)")
        return f"card table where card {k} is {name}; this domsim's card {k} is {new[0]}"
    if new[1] != old[1]:
        return f"card table where {name} costs ${old[1]}; this domsim's costs ${new[1]}"
    if new[2] != old[2]:
        return f"card table where {name} is {old[2]}; this domsim's is {new[2]}"
    if new[3:] != old[3:]:
        return f"card table where {name} gives {_gives(old)}; this domsim's gives {_gives(new)}"
    return None


@dataclass(frozen=True)
class TableCheck:
    """How a recorded table compares with this domsim's (:func:`compare`).

    ``change``: the first difference that is not an addition, as a phrase to follow
    "made for a" / "made with a" (``card table where Smithy costs $3; this domsim's costs
    $4``), or None.  ``added_cards`` / ``added_decisions``: the names this domsim has and
    the record has not (cards: at the ids after the recorded ones).  ``moved``: the first
    recorded decision whose code differs here, as a phrase, or None.  ``recorded``: the
    record compared (:func:`read_record`'s)."""

    recorded: dict
    change: str | None
    added_cards: tuple[str, ...]
    added_decisions: tuple[str, ...]
    moved: str | None

    @property
    def same(self) -> bool:
        """The recorded table is this domsim's."""
        return self.change is None and self.moved is None and not self.added_cards \
            and not self.added_decisions

    @property
    def usable(self) -> bool:
        """Additions at most (what policies and results files accept)."""
        return self.change is None

    def strict_change(self) -> str | None:
        """The first difference of any kind, additions and moved decision codes included
        (what a saved state accepts: none), as a phrase like :attr:`change`."""
        if self.change is not None:
            return self.change
        rec = self.recorded
        if self.added_cards:
            n = len(rec["cards"])
            return (f"card table of {n} cards (the last {rec['cards'][-1][0]}); this "
                    f"domsim's adds {_names(self.added_cards)} (card ids from {n} on)")
        if self.added_decisions:
            return (f"decision table of {len(rec['decisions'])} decisions; this domsim's "
                    f"adds {_names([repr(d) for d in self.added_decisions])}")
        return self.moved

    def summary(self) -> str:
        """What this domsim adds, in words (``adds the cards X, Y; the decision 'Z'``),
        or ``the same table``."""
        if self.same:
            return "the same table"
        parts = []
        if self.added_cards:
            s = "s" if len(self.added_cards) > 1 else ""
            parts.append(f"the card{s} {_names(self.added_cards)}")
        if self.added_decisions:
            s = "s" if len(self.added_decisions) > 1 else ""
            parts.append(f"the decision{s} "
                         f"{_names([repr(d) for d in self.added_decisions])}")
        if not parts:
            return f"numbers the decisions otherwise ({self.moved})"
        return "adds " + "; ".join(parts)


def compare(rec: object, current: dict | None = None) -> TableCheck:
    """Compare a recorded table (checked by :func:`read_record`: None is the legacy
    table) with this domsim's (or ``current``, a record: tests)."""
    old = read_record(rec)
    cur = record() if current is None else current
    cards, decisions = cur["cards"], cur["decisions"]
    at = {c[0]: k for k, c in enumerate(cards)}
    change = None
    for k, entry in enumerate(old["cards"]):
        change = _card_change(k, entry, cards, at)
        if change is not None:
            break
    d_at = {d[0]: k for k, d in enumerate(decisions)}
    moved = None
    if change is None:
        for k, entry in enumerate(old["decisions"]):
            name = entry[0]
            if name not in d_at:
                change = (f"decision table with the decision {name!r} (code {k}); this "
                          f"domsim has no such decision")
                break
            new = decisions[d_at[name]]
            if new != entry:
                change = (f"decision table where {name!r} takes {_answers(entry)}; this "
                          f"domsim's takes {_answers(new)}")
                break
            if moved is None and d_at[name] != k:
                moved = (f"decision table where {name!r} is decision {k}; this domsim's is "
                         f"decision {d_at[name]}")
    old_cards = {c[0] for c in old["cards"]}
    old_decisions = {d[0] for d in old["decisions"]}
    return TableCheck(
        recorded=old, change=change,
        added_cards=tuple(c[0] for c in cards[len(old["cards"]):] if c[0] not in old_cards),
        added_decisions=tuple(d[0] for d in decisions if d[0] not in old_decisions),
        moved=moved)


def usable(rec: object, where: str, made: str, error: type[Exception] = ValueError,
           record_where: str | None = None) -> TableCheck:
    """:func:`compare`, refusing in one line (``error``) a record that does not read
    (``record_where: ...``, default ``where``) or a table changed other than by additions
    (``where: made a <change>``): what a policy and a results file both ask."""
    try:
        check = compare(rec)
    except TableRecordError as e:
        raise error(f"{record_where or where}: {e}") from None
    if not check.usable:
        raise error(f"{where}: {made} a {check.change}")
    return check
