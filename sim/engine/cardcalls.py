"""Card texts called through pointers, so a game compiles only its own cards.

The engine reaches each card's function (:data:`sim.engine.base_set.CARD_TEXT`,
:data:`sim.engine.adventures.cards.CARD_TEXT`) through a table of first-class
functions indexed by the card's ``special`` code, the fourth member of the
engine's ``H`` argument (:func:`engine_calls`; in compiled code, as every member of
``H``, a pointer to its row of function values: :func:`table_address`).  Two
reasons.  numba compiles a function together with a copy of everything it calls,
so a turn that called every card text directly carried all of them through every
level above it; and a table lets a game compile just the texts of the cards it
uses: a First Game tournament compiles 6 card functions, not 19, and the
Adventures cards cost nothing to a base-set run.  A card not in the game gets
:func:`_no_text` (never called).  Each function, once compiled, is in the disk
cache for every later game that uses it.

The Adventures machinery is reached the same way: the calls every gain and every
attack make in an Adventures game (``H[H_ADVENTURE]``, :func:`adventure_calls`) and the
Adventures turn itself (``H[H_TURN]``); a base-set game holds stubs there and never
compiles them.

``H`` = ``(deciders, hooks, adventure calls, card table, (turn, stub))``, its members
named by sim.engine.layout (H_DECIDE ... H_TURN); card texts get ``H[:H_CARDS]``, the
adventure calls ``H[:H_ADVENTURE]``, each calling its prefix ``H`` too.

``run_batch`` does not take ``H`` itself but its addresses (:func:`call_addresses`:
each member as the address of its row of functions in memory), and rebuilds
``H`` inside (:func:`calls_from_addresses`).  Handed a tuple of ~90 dispatchers,
numba's dispatcher typed every one of them in Python on every call (signature
inspection, compile-result look-ups) and unboxed each through two Python calls:
17 ms a batch for an Adventures game, 3.5 ms for a base game, more than 10 games
take to play.  A tuple of integers it types and unboxes in C, in microseconds; the
addresses of a function are looked up once per process.  The engine below
``run_batch`` receives the very same function values (same types, same addresses).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

import numpy as np
from numba import njit, types
from numba.experimental.function_type import _get_jit_address, _get_wrapper_address
from numba.extending import intrinsic
from numba.np.arrayobj import make_array

from sim.cards import CARDS, SETS
from sim.engine.adventures import mechanics, turn
from sim.engine.decide import DECIDE_SIGNATURE
from sim.engine.decision_pair import decision_calls
from sim.engine.hooks import HOOK_TABLE
from sim.engine.layout import (
    H_ADVENTURE,
    H_CARDS,
    H_DECIDE,
    H_HOOKS,
    H_TURN,
    N_CALL_TABLES,
)

# engine_calls builds H in the order of sim.engine.layout's names for its members.
assert (H_DECIDE, H_HOOKS, H_ADVENTURE, H_CARDS, H_TURN) == tuple(range(N_CALL_TABLES))


def _card_texts() -> dict:
    """Every registered set's functions by special code (sim.cards.SETS: each set names
    the modules of its texts); a code given twice is an error, naming it."""
    texts: dict = {}
    for card_set in SETS:
        for name in card_set.engine:
            table = importlib.import_module(name).CARD_TEXT
            twice = sorted(set(texts) & set(table))
            if twice:
                raise ValueError(f"{name}: special codes {twice} already have a function")
            texts.update(table)
    return texts


CARD_TEXT = _card_texts()
# Every card and Event has a row in every game's table, so no card's code can read past
# it (the table's length no longer types anything: it is one pointer).
N_SPECIALS = max(c.special for c in CARDS) + 1

_S, _R, _T = types.CPointer(types.int32), types.CPointer(types.uint64), types.CPointer(types.int32)
_P, _Q = types.CPointer(types.int32), types.CPointer(types.float64)


def _table(signature) -> types.CPointer:
    """The type of a member of ``H``: a pointer to a row of functions of ``signature``."""
    return types.CPointer(types.FunctionType(signature))


# Each member of ``H`` is one pointer to its row of function values in memory
# (:func:`table_address`), not a tuple of them.  numba passes a tuple by value, each
# function value as three arguments: the card table alone was 240 arguments to every call
# that took it (~100 instructions a call), and each ``H[H_CARDS][sp]`` with ``sp`` not a
# constant compiled to a switch over all 80 functions (numba's tuple getitem), at each of
# the turn's ~15 sites.  A pointer is one argument and one load, and its type does not
# depend on how many functions the row holds (a base game's ``H`` has an Adventures
# game's type).
# ``H[:H_ADVENTURE]``: the deciders (one per rule bot) and the hooks
# (sim.engine.decision_pair.decision_calls).
DECISION_CALLS = types.Tuple((_table(DECIDE_SIGNATURE), HOOK_TABLE))
# The Adventures calls: (S, R, T, P, Q, H[:2], player, a, b) -> int (sim.engine.steps A_*).
ADVENTURE_SIGNATURE = types.int64(_S, _R, _T, _P, _Q, DECISION_CALLS, types.int64, types.int64,
                                  types.int64)
CARD_CALLS = types.Tuple(DECISION_CALLS.types + (_table(ADVENTURE_SIGNATURE),))
CARD_SIGNATURE = types.none(_S, _R, _T, _P, _Q, CARD_CALLS, types.int64)
TURN_SIGNATURE = types.int64(_S, _R, _T, _P, _Q,
                             types.Tuple(CARD_CALLS.types + (_table(CARD_SIGNATURE),)),
                             types.int64)


@njit(CARD_SIGNATURE, cache=True)
def _no_text(S, R, T, P, Q, H, p):  # pragma: no cover - a card not in the game
    """Stands in the table for the cards a game does not use."""
    return


@njit(ADVENTURE_SIGNATURE, cache=True)
def _no_adventure(S, R, T, P, Q, H, p, a, b):  # pragma: no cover - a base-set game
    """Stands in for the Adventures calls in a game without Adventures cards."""
    return 1


@njit(TURN_SIGNATURE, cache=True)
def _no_turn(S, R, T, P, Q, H, p):  # pragma: no cover - never called
    """Stands in for the Adventures turn in a game without Adventures cards, and as the
    second member of the turn pair (a pair types as function pointers)."""
    return 0


_COMPILED: set = set()    # the functions this process has compiled (each for one signature)


def _compile(fn, sig) -> None:
    """``fn.compile(sig)`` once a process: again it is a no-op costing ~0.1-0.5 ms a batch."""
    if fn not in _COMPILED:
        fn.compile(sig)
        _COMPILED.add(fn)


def card_calls(card_ids: Iterable[int]) -> tuple:
    """The table of card functions for a game of these cards (index: special code, every
    code): theirs, and a stub for every other card.

    Compiles the functions it needs, or loads them from the disk cache.
    """
    wanted = {CARDS[c].special for c in card_ids} & set(CARD_TEXT)
    table = []
    for sp in range(N_SPECIALS):
        if sp in wanted:
            _compile(CARD_TEXT[sp], CARD_SIGNATURE)
            table.append(CARD_TEXT[sp])
        else:
            table.append(_no_text)
    return tuple(table)


def adventure_calls(adventures: bool) -> tuple:
    """``H[H_ADVENTURE]``: (on_gain, attacked) of sim.engine.adventures.mechanics, or stubs."""
    if not adventures:
        return (_no_adventure, _no_adventure)
    for fn in (mechanics.on_gain, mechanics.attacked_adv):
        if fn._can_compile:
            fn.compile(ADVENTURE_SIGNATURE)
    # Typed as function pointers only when neither can compile more (see decision_calls):
    # else the engine compiled for this H would never come back from the disk cache.
    mechanics.on_gain.disable_compile()
    mechanics.attacked_adv.disable_compile()
    return (mechanics.on_gain, mechanics.attacked_adv)


def turn_calls(adventures: bool) -> tuple:
    """``H[H_TURN]``: the Adventures turn (sim.engine.adventures.turn.play_turn_adv), or stubs."""
    if not adventures:
        return (_no_turn, _no_turn)
    _compile(turn.play_turn_adv, TURN_SIGNATURE)
    return (turn.play_turn_adv, _no_turn)


def engine_calls(hooks: tuple, card_ids: Iterable[int], adventures: bool = False) -> tuple:
    """The engine's ``H``: ``(deciders, hooks, adventure calls, card table, turn)``."""
    card_ids = tuple(card_ids)
    deciders, hooks = decision_calls(hooks, adventures, card_ids)
    return (deciders, hooks, adventure_calls(adventures), card_calls(card_ids),
            turn_calls(adventures))


#: The numba type of the engine's ``H`` (:func:`engine_calls`), the same for every game.
ENGINE_CALLS = types.Tuple(TURN_SIGNATURE.args[5].types + (_table(TURN_SIGNATURE),))
#: The numba type of :func:`call_addresses`'s result: each member's address.
ADDRESSES = types.UniTuple(types.int64, N_CALL_TABLES)


# function -> (cfunc wrapper, PyObject, jit entry) addresses, found once: numba's own
# look-ups (what its unboxing of a first-class function calls), which cost a signature
# check and a compile-result search each.  (The member of H stands for the signature:
# hashing a numba signature is slow.)  Holding the function here also keeps its compiled
# code alive while any engine may call it.
_ADDRESSES: dict[tuple, tuple[int, int, int]] = {}
# (member, functions) -> the row the engine reads them from (kept alive here: the engine
# holds only its address).  One per distinct row a process uses.
_ROWS: dict[tuple, np.ndarray] = {}


def _addresses(fn, member: int) -> tuple[int, int, int]:
    key = (fn, member)
    found = _ADDRESSES.get(key)
    if found is None:
        sig = ENGINE_CALLS.types[member].dtype.signature
        found = (_get_wrapper_address(fn, sig), id(fn), _get_jit_address(fn, sig))
        _ADDRESSES[key] = found
    return found


def table_address(member: int, functions: tuple) -> int:
    """The address of ``functions`` (member ``member`` of ``H``) laid out as the engine
    reads them: one first-class function value, three addresses, per function; made once
    a row."""
    key = (member, functions)
    rows = _ROWS.get(key)
    if rows is None:
        rows = np.array([_addresses(fn, member) for fn in functions], np.int64).reshape(-1, 3)
        rows.setflags(write=False)
        _ROWS[key] = rows
    return rows.ctypes.data


def call_addresses(H: tuple) -> tuple:
    """``H`` as run_batch takes it (of type :data:`ADDRESSES`): each member as the
    address of its row of functions (:func:`table_address`); see the module's notes."""
    return tuple(table_address(member, tuple(group)) for member, group in enumerate(H))


def flat_addresses(addresses: tuple, adventures: bool) -> np.ndarray:
    """:func:`call_addresses`'s integers in an int64 array, for :func:`calls_from_flat`:
    1-d for a base-set game's ``H``, 2-d (one row) for an Adventures game's, so the
    array says which game it is for (an array is what sim.env hands the engine on every
    step of a game driven from Python: numba types it in C)."""
    flat = np.array(addresses, np.int64)
    return flat.reshape(1, -1) if adventures else flat


def addresses_from_flat(flat: np.ndarray) -> tuple:
    """:func:`call_addresses`'s tuple back from :func:`flat_addresses`'s array."""
    return tuple(int(x) for x in flat.ravel())


def _calls_from(context, builder, addresses):
    """The engine's ``H`` made of its members' addresses (LLVM integers): each a pointer."""
    return context.make_tuple(builder, ENGINE_CALLS, [
        builder.inttoptr(a, context.get_value_type(t))
        for a, t in zip(addresses, ENGINE_CALLS.types, strict=True)])


@intrinsic
def calls_from_flat(typingctx, flat):
    """The engine's ``H`` rebuilt from :func:`flat_addresses` inside compiled code (as
    :func:`calls_from_addresses` from the tuple)."""
    if not (isinstance(flat, types.Array) and flat.dtype == types.int64
            and flat.ndim in (1, 2) and flat.layout == "C"):
        return None

    def codegen(context, builder, signature, args):
        data = make_array(signature.args[0])(context, builder, args[0]).data
        return _calls_from(context, builder, [
            builder.load(builder.gep(data, [context.get_constant(types.intp, k)]))
            for k in range(N_CALL_TABLES)])

    return ENGINE_CALLS(flat), codegen


@intrinsic
def calls_from_addresses(typingctx, addrs):
    """The engine's ``H`` rebuilt from :func:`call_addresses` inside compiled code: the
    pointers to the rows of the very functions ``H`` holds (no copy of any code)."""
    if addrs != ADDRESSES:
        return None

    def codegen(context, builder, signature, args):
        return _calls_from(context, builder, [builder.extract_value(args[0], k)
                                              for k in range(N_CALL_TABLES)])

    return ENGINE_CALLS(addrs), codegen
