"""Rule conditions: terms, comparisons and a tiny text parser.

A condition is one row ``lhs OP rhs / div + add`` of :mod:`sim.engine.program`.  It can be
written two ways that compile to the same row:

* Python operators on terms: ``count("Smithy") < count("Treasure") / 11``;
* text, for TOML files: ``parse_condition("count(Smithy) < count(Treasure) / 11")``.

The text form is read by a small hand-written scanner, never by ``eval``: a bot
file is data, and a typo must be reported by its word, not run.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from bots.errors import ConditionError
from sim.cards import CARDS, EVENT, TYPE_BITS, UnknownCardError, card_id
from sim.engine import program as P

ARG_NONE, ARG_CARD, ARG_CARD_OR_TYPE, ARG_OPTIONAL_CARD, ARG_EVENT = 0, 1, 2, 3, 4


@dataclass(frozen=True)
class TermSpec:
    """One term word: its name in conditions, its ``T_*`` code and what argument it takes."""

    word: str
    code: int
    arg: int
    doc: str


TERM_SPECS: tuple[TermSpec, ...] = (
    TermSpec("count", P.T_OWN, ARG_CARD_OR_TYPE, "cards owned of that name, or of that type"),
    TermSpec("cards", P.T_OWN_ALL, ARG_NONE, "all cards owned"),
    TermSpec("money", P.T_MONEY, ARG_NONE, "total $ of owned cards (Treasures and +$ Actions)"),
    TermSpec("left", P.T_SUPPLY, ARG_CARD, "cards left in that supply pile"),
    TermSpec("gains_to_end", P.T_GAINS_TO_END, ARG_NONE,
             "min(Provinces left, the three smallest piles together)"),
    TermSpec("turn", P.T_TURN, ARG_NONE, "own turn number, 1 on the first turn"),
    TermSpec("coins", P.T_COINS, ARG_NONE, "$ available now"),
    TermSpec("buys", P.T_BUYS, ARG_NONE, "Buys left now"),
    TermSpec("score", P.T_SCORE, ARG_NONE, "own score"),
    TermSpec("opp_score", P.T_OPP_SCORE, ARG_NONE, "best opponent score"),
    TermSpec("opp_count", P.T_OPP_OWN, ARG_CARD, "most cards of that name one opponent owns"),
    TermSpec("empty_piles", P.T_EMPTY_PILES, ARG_NONE, "empty supply piles"),
    TermSpec("in_hand", P.T_HAND, ARG_CARD_OR_TYPE,
             "cards of that name, or of that type, in own hand"),
    TermSpec("draw_size", P.T_DRAW_SIZE, ARG_NONE, "cards in own draw pile"),
    TermSpec("turns_taken", P.T_TURNS_TAKEN, ARG_NONE,
             "own turns finished, the current one not counted (turn - 1)"),
    TermSpec("opp_turns_taken", P.T_OPP_TURNS, ARG_NONE, "most turns finished by one opponent"),
    TermSpec("turn_position", P.T_POSITION, ARG_NONE,
             "own place in the turn order, 1 for the player who moved first"),
    TermSpec("discard_top", P.T_DISC_TOP, ARG_CARD,
             "1 if own discard pile shows that card on top, else 0"),
    TermSpec("opp_discard_top", P.T_OPP_DISC_TOP, ARG_CARD,
             "opponents whose discard pile shows that card on top"),
    # Adventures (they read 0 where the game has no such thing).
    TermSpec("on_mat", P.T_MAT, ARG_CARD_OR_TYPE, "cards of that name or type on own Tavern mat"),
    TermSpec("in_play", P.T_PLAY, ARG_CARD_OR_TYPE,
             "cards of that name or type in own play area now"),
    TermSpec("durations", P.T_DURATIONS, ARG_CARD_OR_TYPE,
             "cards of that name or type in own play area from earlier turns"),
    TermSpec("gained", P.T_GAINED, ARG_CARD_OR_TYPE,
             "cards of that name or type gained this turn (own turn; 0 on others')"),
    TermSpec("bought", P.T_BOUGHT, ARG_EVENT,
             "times own player bought that Event this game (bought(Event): all Events)"),
    TermSpec("bought_this_turn", P.T_BOUGHT_TURN, ARG_EVENT,
             "times that Event was bought this turn (own turn; bought_this_turn(Event): all)"),
    TermSpec("actions", P.T_ACTIONS, ARG_NONE, "Actions left now (own turn; 0 on others')"),
    TermSpec("hand_coins", P.T_HAND_COINS, ARG_NONE,
             "$ of the Treasures in own hand (printed values)"),
    TermSpec("card_token", P.T_TOK_CARD, ARG_OPTIONAL_CARD,
             "1 if own +1 Card token is on a pile (on that pile, given a card), else 0"),
    TermSpec("action_token", P.T_TOK_CARD + 1, ARG_OPTIONAL_CARD,
             "1 if own +1 Action token is on a pile (on that pile, given a card), else 0"),
    TermSpec("buy_token", P.T_TOK_CARD + 2, ARG_OPTIONAL_CARD,
             "1 if own +1 Buy token is on a pile (on that pile, given a card), else 0"),
    TermSpec("coin_token", P.T_TOK_CARD + 3, ARG_OPTIONAL_CARD,
             "1 if own +$1 token is on a pile (on that pile, given a card), else 0"),
    TermSpec("cost_token", P.T_TOK_CARD + 4, ARG_OPTIONAL_CARD,
             "1 if own -$2 cost token is on a pile (on that pile, given a card), else 0"),
    TermSpec("trashing_token", P.T_TOK_TRASH, ARG_OPTIONAL_CARD,
             "1 if own Trashing token is on a pile (on that pile, given a card), else 0"),
    TermSpec("minus_card_token", P.T_MINUS_CARD, ARG_NONE,
             "1 while own -1 Card token is on own deck"),
    TermSpec("minus_coin_token", P.T_MINUS_COIN, ARG_NONE, "1 while own -$1 token is held"),
    TermSpec("journey_up", P.T_JOURNEY_UP, ARG_NONE,
             "1 while own Journey token is face up (the next Ranger turns it down and "
             "draws nothing)"),
    TermSpec("turn_coins", P.T_TURN_COINS, ARG_NONE,
             "$ available now plus hand_coins: what the turn has to spend once it plays "
             "its Treasures (own turn; hand_coins on others')"),
)
SPEC_BY_WORD = {s.word: s for s in TERM_SPECS}
SPEC_BY_CODE = {s.code: s for s in TERM_SPECS}
SPEC_BY_CODE[P.T_OWN_TYPE] = SPEC_BY_WORD["count"]
_TYPE_BY_LOWER = {k.lower(): v for k, v in TYPE_BITS.items()}
_TYPE_NAME = {v: k for k, v in TYPE_BITS.items()}
_FLIP = {"<": ">", "<=": ">=", "==": "==", "!=": "!=", ">=": "<=", ">": "<"}
_OP_NAME = {v: k for k, v in P.OPS.items()}


def _number(x: object, what: str) -> float:
    """A finite real number (bools refused: ``True`` is never meant as 1 in a rule)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x):
        raise ConditionError(f"{what} must be a finite number, got {x!r}", word=str(x))
    return float(x)


def fmt_number(x: float) -> str:
    """Shortest text for a number that reads back to the same float."""
    x = float(x)
    return str(int(x)) if x.is_integer() else repr(x)


class Term:
    """A quantity a rule can look at.  Comparing it to a number or expression gives a
    :class:`Condition`; ``/`` and ``+``/``-`` by numbers give an :class:`Expr`."""

    __slots__ = ("arg", "code")

    def __init__(self, code: int, arg: float = 0.0) -> None:
        self.code = int(code)
        self.arg = float(arg)

    def __str__(self) -> str:
        if self.code == P.T_CONST:
            return fmt_number(self.arg)
        spec = SPEC_BY_CODE[self.code]
        if spec.arg == ARG_NONE or (spec.arg == ARG_OPTIONAL_CARD and self.arg < 0):
            return spec.word
        if self.code == P.T_OWN_TYPE:
            return f"{spec.word}({_TYPE_NAME[int(self.arg)]})"
        if self.arg < 0:
            return f"{spec.word}({_TYPE_NAME[-int(self.arg)]})"
        return f"{spec.word}({CARDS[int(self.arg)].name})"

    __repr__ = __str__

    def _expr(self) -> Expr:
        return Expr(self, 1.0, 0.0)

    def __truediv__(self, n: float) -> Expr:
        return self._expr() / n

    def __add__(self, n: float) -> Expr:
        return self._expr() + n

    def __sub__(self, n: float) -> Expr:
        return self._expr() - n

    def compare(self, op: str, other: Term | Expr | float) -> Condition:
        """``self OP other`` as a condition row."""
        if op not in P.OPS:
            raise ConditionError(f"unknown comparison {op!r}; use one of {', '.join(P.OPS)}",
                                 word=op)
        if isinstance(other, Term):
            other = other._expr()
        if isinstance(other, Expr):
            rhs_term, rhs_arg = other.term.code, other.term.arg
            div, add = other.div, other.add
        else:
            rhs_term, rhs_arg = P.T_CONST, _number(other, "right side of a comparison")
            div, add = 1.0, 0.0
        return Condition(self.code, self.arg, P.OPS[op], rhs_term, rhs_arg, div, add)

    def __lt__(self, other):
        return self.compare("<", other)

    def __le__(self, other):
        return self.compare("<=", other)

    def __eq__(self, other):  # type: ignore[override]
        return self.compare("==", other)

    def __ne__(self, other):  # type: ignore[override]
        return self.compare("!=", other)

    def __ge__(self, other):
        return self.compare(">=", other)

    def __gt__(self, other):
        return self.compare(">", other)

    __hash__ = None  # type: ignore[assignment]


class Expr:
    """``term / div + add``: the right side of a condition.  It can only be compared
    with a plain term (the comparison is flipped so the term is on the left)."""

    __slots__ = ("add", "div", "term")

    def __init__(self, term: Term, div: float, add: float) -> None:
        self.term, self.div, self.add = term, div, add

    def __truediv__(self, n: float) -> Expr:
        n = _number(n, "divisor")
        if n == 0:
            raise ConditionError("division by zero in a condition", word="0")
        return Expr(self.term, self.div * n, self.add / n)

    def __add__(self, n: float) -> Expr:
        return Expr(self.term, self.div, self.add + _number(n, "added number"))

    def __sub__(self, n: float) -> Expr:
        return Expr(self.term, self.div, self.add - _number(n, "subtracted number"))

    def _flip(self, op: str, other: object) -> Condition:
        if isinstance(other, Term):
            return other.compare(_FLIP[op], self)
        raise ConditionError(f"the left side of a comparison must be a plain term, got "
                             f"'{self}' {op} {other!r}", word=str(self))

    def __lt__(self, other):
        return self._flip("<", other)

    def __le__(self, other):
        return self._flip("<=", other)

    def __eq__(self, other):  # type: ignore[override]
        return self._flip("==", other)

    def __ne__(self, other):  # type: ignore[override]
        return self._flip("!=", other)

    def __ge__(self, other):
        return self._flip(">=", other)

    def __gt__(self, other):
        return self._flip(">", other)

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return _rhs_text(self.term.code, self.term.arg, self.div, self.add)

    __repr__ = __str__


def _rhs_text(code: int, arg: float, div: float, add: float) -> str:
    if code == P.T_CONST:
        return fmt_number(arg / div + add)
    text = str(Term(code, arg))
    if div != 1:
        text += f" / {fmt_number(div)}"
    if add > 0:
        text += f" + {fmt_number(add)}"
    elif add < 0:
        text += f" - {fmt_number(-add)}"
    return text


@dataclass(frozen=True)
class Condition:
    """One compiled condition: ``lhs OP rhs / div + add`` (a ``sim.engine.program`` row).

    Plain numbers only, so conditions compare and hash like tuples.  ``str()`` gives
    text that :func:`parse_condition` reads back to the same row.
    """

    lhs_term: int
    lhs_arg: float
    op: int
    rhs_term: int
    rhs_arg: float
    div: float = 1.0
    add: float = 0.0

    def row(self) -> tuple[float, ...]:
        return (float(self.lhs_term), self.lhs_arg, float(self.op), float(self.rhs_term),
                self.rhs_arg, self.div, self.add)

    @classmethod
    def from_row(cls, row) -> Condition:
        """The condition a stored row means (for printing a compiled program)."""
        lt, la, op, rt, ra, div, add = (float(x) for x in row)
        return cls(int(lt), la, int(op), int(rt), ra, div, add)

    def __str__(self) -> str:
        lhs = str(Term(self.lhs_term, self.lhs_arg))
        rhs = _rhs_text(self.rhs_term, self.rhs_arg, self.div, self.add)
        return f"{lhs} {_OP_NAME[self.op]} {rhs}"

    def __bool__(self) -> bool:
        raise TypeError("a Condition is not a truth value; pass it to a rule such as Buy()")


# --- Python spelling of the terms -----------------------------------------------------


def _is_card_name(name: str) -> bool:
    try:
        card_id(name)
    except UnknownCardError:
        return False
    return True


def _card_term(spec: TermSpec, name: str | int) -> Term:
    """Resolve a term's argument: a card, or for terms that take one, a type name
    (``count`` keeps its own code for types; the others store minus the type bit)."""
    if spec.arg in (ARG_CARD_OR_TYPE, ARG_EVENT) and isinstance(name, str):
        bit = _TYPE_BY_LOWER.get(name.strip().lower())
        if bit is not None and spec.code != P.T_OWN and _is_card_name(name):
            bit = None          # "Curse" in in_hand() etc. is the card (the same count)
        if bit is not None:
            if spec.arg == ARG_EVENT and bit != EVENT:
                raise ConditionError(f"{spec.word}({name}): {spec.word} takes an Event's name "
                                     f"or 'Event', not the type {name}", word=str(name))
            if spec.code == P.T_OWN:
                return Term(P.T_OWN_TYPE, bit)
            return Term(spec.code, -bit)
    try:
        cid = card_id(name)
    except UnknownCardError as e:
        raise ConditionError(f"{spec.word}({name}): {e}", word=str(name)) from None
    if spec.arg == ARG_EVENT and not CARDS[cid].is_type(EVENT):
        raise ConditionError(f"{spec.word}({name}): {CARDS[cid].name} is not an Event "
                             f"({spec.word} counts Events bought)", word=str(name))
    return Term(spec.code, cid)


def count(name: str) -> Term:
    """Cards owned of that name; a type name (Treasure, Victory, Curse, Action, Attack,
    Reaction) counts cards of that type instead.  ``count("Curse")`` is the type, which
    for the base set is the same number."""
    return _card_term(SPEC_BY_WORD["count"], name)


def left(name: str) -> Term:
    """Cards left in that supply pile."""
    return _card_term(SPEC_BY_WORD["left"], name)


def opp_count(name: str) -> Term:
    """The most cards of that name any one opponent owns (gains are public)."""
    return _card_term(SPEC_BY_WORD["opp_count"], name)


def in_hand(name: str) -> Term:
    """Cards of that name in the deciding player's hand."""
    return _card_term(SPEC_BY_WORD["in_hand"], name)


def cards() -> Term:
    """All cards owned."""
    return Term(P.T_OWN_ALL)


def money() -> Term:
    """Total $ value of owned cards: Treasure values plus +$ of Actions (Militia is $2)."""
    return Term(P.T_MONEY)


def gains_to_end() -> Term:
    """Fewest gains that could end the game: min(Provinces left, three smallest piles)."""
    return Term(P.T_GAINS_TO_END)


def turn() -> Term:
    """The deciding player's turn number (1 on its first turn)."""
    return Term(P.T_TURN)


def coins() -> Term:
    """$ available now."""
    return Term(P.T_COINS)


def buys() -> Term:
    """Buys left now."""
    return Term(P.T_BUYS)


def score() -> Term:
    """Own score."""
    return Term(P.T_SCORE)


def opp_score() -> Term:
    """Best opponent score."""
    return Term(P.T_OPP_SCORE)


def empty_piles() -> Term:
    """Empty supply piles."""
    return Term(P.T_EMPTY_PILES)


def draw_size() -> Term:
    """Cards in own draw pile (its size is public to its owner; its order is not read)."""
    return Term(P.T_DRAW_SIZE)


def turns_taken() -> Term:
    """Turns the deciding player has finished; its current turn is not counted, so
    on its own turn this is ``turn() - 1``."""
    return Term(P.T_TURNS_TAKEN)


def opp_turns_taken() -> Term:
    """The most turns one opponent has finished.  On my own turn an opponent who moves
    before me has finished ``turns_taken() + 1``, one who moves after me
    ``turns_taken()``: with :func:`turn_position` this gives every opponent's count."""
    return Term(P.T_OPP_TURNS)


def turn_position() -> Term:
    """The deciding player's place in the turn order: 1 for the player who moved first,
    up to the number of players.  Fixed for the whole game.

    The tie-break needs it: if the game ends on my turn, an opponent with my score
    who moves before me has taken as many turns as I have (a shared win), one who
    moves after me one turn fewer (that opponent wins).  So a 2-player "buy the last
    Province only if that does not lose" reads
    ``score + 6 > opp_score`` or (a second rule) ``score + 6 == opp_score`` with
    ``turn_position == 2``; see ``avoid_losing_end`` on :class:`bots.rules.RuleBot`.
    """
    return Term(P.T_POSITION)


def discard_top(name: str) -> Term:
    """1 if the deciding player's discard pile shows that card on top, else 0.  After
    Cleanup the top is the moved card with the highest card id (sim.engine.zones.cleanup)."""
    return _card_term(SPEC_BY_WORD["discard_top"], name)


def opp_discard_top(name: str) -> Term:
    """How many opponents' discard piles show that card on top (public information)."""
    return _card_term(SPEC_BY_WORD["opp_discard_top"], name)


def on_mat(name: str) -> Term:
    """Cards of that name (or type) on the deciding player's Tavern mat."""
    return _card_term(SPEC_BY_WORD["on_mat"], name)


def in_play(name: str) -> Term:
    """Cards of that name (or type) in the deciding player's play area now."""
    return _card_term(SPEC_BY_WORD["in_play"], name)


def durations(name: str) -> Term:
    """Cards of that name (or type) in the deciding player's play area from earlier turns:
    Durations with an effect still to come, Hireling, Champion, and the cards that played
    them (Throne Room, Royal Carriage).  On its own turn, those held at its start."""
    return _card_term(SPEC_BY_WORD["durations"], name)


def gained(name: str) -> Term:
    """Cards of that name (or type) the deciding player gained this turn, bought or not
    (0 on other players' turns)."""
    return _card_term(SPEC_BY_WORD["gained"], name)


def bought(name: str = "Event") -> Term:
    """Times the deciding player bought that Event this game; ``bought()`` counts all
    Events (an Event is not a card: count() never sees it)."""
    return _card_term(SPEC_BY_WORD["bought"], name)


def bought_this_turn(name: str = "Event") -> Term:
    """Times the deciding player bought that Event this turn; ``bought_this_turn()``
    counts all Events (0 on other players' turns)."""
    return _card_term(SPEC_BY_WORD["bought_this_turn"], name)


def actions() -> Term:
    """Actions left now (the deciding player's own turn; 0 on other turns)."""
    return Term(P.T_ACTIONS)


def hand_coins() -> Term:
    """$ of the Treasures in the deciding player's hand, at their printed values."""
    return Term(P.T_HAND_COINS)


def _token_term(word: str, name: str | None) -> Term:
    spec = SPEC_BY_WORD[word]
    return Term(spec.code, -1) if name is None else _card_term(spec, name)


def card_token(pile: str | None = None) -> Term:
    """1 if the deciding player's +1 Card token is on a pile (on ``pile``, if given)."""
    return _token_term("card_token", pile)


def action_token(pile: str | None = None) -> Term:
    """1 if the deciding player's +1 Action token is on a pile (on ``pile``, if given)."""
    return _token_term("action_token", pile)


def buy_token(pile: str | None = None) -> Term:
    """1 if the deciding player's +1 Buy token is on a pile (on ``pile``, if given)."""
    return _token_term("buy_token", pile)


def coin_token(pile: str | None = None) -> Term:
    """1 if the deciding player's +$1 token is on a pile (on ``pile``, if given)."""
    return _token_term("coin_token", pile)


def cost_token(pile: str | None = None) -> Term:
    """1 if the deciding player's -$2 cost token is on a pile (on ``pile``, if given)."""
    return _token_term("cost_token", pile)


def trashing_token(pile: str | None = None) -> Term:
    """1 if the deciding player's Trashing token is on a pile (on ``pile``, if given)."""
    return _token_term("trashing_token", pile)


def minus_card_token() -> Term:
    """1 while the deciding player's -1 Card token is on its deck (its next draw is one
    card short)."""
    return Term(P.T_MINUS_CARD)


def minus_coin_token() -> Term:
    """1 while the deciding player holds the -$1 token (its next $ is one short)."""
    return Term(P.T_MINUS_COIN)


def journey_up() -> Term:
    """1 while the deciding player's Journey token is face up: its next Ranger turns it
    face down and draws nothing (0: the next Ranger turns it up and draws 5)."""
    return Term(P.T_JOURNEY_UP)


def turn_coins() -> Term:
    """$ available now plus the printed $ of the Treasures in the deciding player's
    hand: what its turn has to spend once it plays them (``coins + hand_coins``; on
    other players' turns ``hand_coins``).  Gear can set a Treasure aside while
    ``turn_coins`` stays at or above the price of the buy."""
    return Term(P.T_TURN_COINS)


# --- Text parser ----------------------------------------------------------------------

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NUMBER = re.compile(r"-?(\d+(\.\d*)?|\.\d+)")
_OPS_BY_LENGTH = sorted(P.OPS, key=len, reverse=True)


class _Parser:
    """Recursive-descent reader of ``TERM OP EXPR``; raises ConditionError naming the word."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, message: str, word: str) -> ConditionError:
        return ConditionError(f"condition {self.text!r}: {message}", word=word)

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def rest_word(self) -> str:
        """The text at the cursor up to the next space, for error messages."""
        self.skip()
        m = re.compile(r"\S+").match(self.text, self.pos)
        return m.group(0) if m else "<end>"

    def peek(self, s: str) -> bool:
        self.skip()
        return self.text.startswith(s, self.pos)

    def term(self) -> Term:
        self.skip()
        m = _WORD.match(self.text, self.pos)
        if not m:
            word = self.rest_word()
            raise self.fail(f"expected a term such as count(Smithy) or money, got {word!r}",
                            word)
        word = m.group(0)
        spec = SPEC_BY_WORD.get(word.lower())
        if spec is None:
            raise self.fail(f"unknown term {word!r}; known terms: "
                            f"{', '.join(SPEC_BY_WORD)}", word)
        self.pos = m.end()
        arg = None
        if self.peek("("):
            close = self.text.find(")", self.pos)
            if close < 0:
                raise self.fail(f"missing ')' after {word}(", word)
            arg = self.text[self.pos + 1:close].strip().strip("'\"").strip()
            self.pos = close + 1
        if spec.arg == ARG_NONE:
            if arg:
                raise self.fail(f"{word} takes no argument, got {word}({arg})", arg)
            return Term(spec.code)
        if spec.arg == ARG_OPTIONAL_CARD and not arg:
            return Term(spec.code, -1)
        if not arg:
            example = "Lost Arts" if spec.arg == ARG_EVENT else "Province"
            raise self.fail(f"{word} needs a card name, e.g. {word}({example})", word)
        try:
            return _card_term(spec, arg)
        except ConditionError as e:
            raise self.fail(str(e), e.word or arg) from None

    def op(self) -> str:
        self.skip()
        for op in _OPS_BY_LENGTH:
            if self.text.startswith(op, self.pos):
                self.pos += len(op)
                return op
        word = self.rest_word()
        hint = " (use '==' for equality)" if word.startswith("=") else ""
        raise self.fail(f"expected a comparison ({' '.join(P.OPS)}), got {word!r}{hint}", word)

    def number(self) -> float | None:
        self.skip()
        m = _NUMBER.match(self.text, self.pos)
        if not m:
            return None
        self.pos = m.end()
        return float(m.group(0))

    def need_number(self, after: str) -> float:
        n = self.number()
        if n is None:
            word = self.rest_word()
            raise self.fail(f"expected a number after {after!r}, got {word!r}", word)
        return n

    def expr(self) -> Term | Expr | float:
        n = self.number()
        if n is not None:
            return n
        e: Term | Expr = self.term()
        if self.peek("/"):
            self.pos += 1
            d = self.need_number("/")
            if d == 0:
                raise self.fail("division by zero", "0")
            e = e / d
        for sign in "+-":
            if self.peek(sign):
                self.pos += 1
                n = self.need_number(sign)
                e = e + n if sign == "+" else e - n
                break
        return e

    def end(self) -> None:
        self.skip()
        if self.pos < len(self.text):
            word = self.rest_word()
            raise self.fail(f"unexpected {word!r} after the condition", word)


def parse_condition(text: str) -> Condition:
    """Read ``TERM OP EXPR``, e.g. ``"count(Smithy) < count(Treasure) / 11"``.

    TERM is ``name`` or ``name(Arg)`` (``money``, ``money()``, ``left(Council Room)``);
    EXPR is a number or ``TERM [/ NUMBER] [(+|-) NUMBER]``.  Errors are
    :class:`ConditionError` with the offending word in ``.word``.
    """
    if not isinstance(text, str):
        raise ConditionError(f"a condition must be text, got {text!r}", word=str(text))
    p = _Parser(text)
    lhs = p.term()
    op = p.op()
    rhs = p.expr()
    p.end()
    return lhs.compare(op, rhs)
