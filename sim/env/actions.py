"""The agents' action vocabulary: one integer per answer, the same for every kingdom.

``0 .. N_CARDS - 1`` are the card and Event ids of sim.cards (``buy: Gold``, ``trash with
Chapel: Estate``, ``set aside with Inheritance: Ratcatcher``...), then ``NONE`` (nothing,
stop, end the phase), ``NO`` and ``YES`` (yes/no decisions), and ``MODE0 + k`` (option k of
a decision answered with a number, its record's options; sim.engine.codes).
What an action means depends on the decision asked (State.decision()); which ones are
legal, on the state (State.legal_actions()).
"""

from __future__ import annotations

from collections.abc import Iterable

from sim.cards import CARDS, N_CARDS
from sim.engine import codes
from sim.engine.agent_seat import A_MODE0, A_NO, A_NONE, A_YES
from sim.engine.config import is_whole, show

NONE, NO, YES, MODE0 = A_NONE, A_NO, A_YES, A_MODE0
N_ACTIONS = MODE0 + 4

#: Decision names (sim.engine.codes.DECISION_NAMES) to codes.
DECISIONS = {name: d for d, name in enumerate(codes.DECISION_NAMES)}
#: The preset decision sets an agent can take.
PRESETS = {
    "all": frozenset(range(codes.N_DECISIONS)),
    "turn": frozenset({codes.D_ACTION, codes.D_BUY}),
    "buy": frozenset({codes.D_BUY}),
}
#: Decisions answered yes (1) or no (0); the mode decisions, answered with an option
#: (both from the table of decisions, sim.engine.codes.DECISIONS).
YES_NO = frozenset(d.code for d in codes.DECISIONS if d.answer == codes.ANS_YES_NO)
MODES = frozenset(d.code for d in codes.DECISIONS if d.answer == codes.ANS_MODE)


def action_of_answer(answer: int, decision: int) -> int:
    """The action for the engine's ``answer`` to ``decision`` (a card id, -1, 0/1, k)."""
    if decision in YES_NO:
        return YES if answer == 1 else NO
    if decision in MODES:
        return NONE if answer < 0 else MODE0 + answer
    return NONE if answer < 0 else answer


def decision_codes(decisions: str | Iterable) -> frozenset[int]:
    """The decision codes of a preset name ("all", "turn", "buy") or of names / codes."""
    if isinstance(decisions, str):
        key = decisions.strip().lower()
        if key in PRESETS:
            return PRESETS[key]
        decisions = [x for x in decisions.split(",") if x.strip()]
    elif not isinstance(decisions, Iterable) or isinstance(decisions, bytes):
        raise ValueError(f"decisions: a preset ({', '.join(PRESETS)}), or decision names or "
                         f"codes (a comma string or a list), not {show(decisions)}")
    given = decisions
    out = set()
    for d in decisions:
        if isinstance(d, str) and d.strip() in DECISIONS:
            out.add(DECISIONS[d.strip()])
        elif is_whole(d) and 0 <= d < codes.N_DECISIONS:     # a code (True is no code)
            out.add(int(d))
        else:
            raise ValueError(f"decisions: {show(d)} is not a decision (presets: "
                             f"{', '.join(PRESETS)}; or names from sim.env.actions.DECISIONS)")
    if not out:
        raise ValueError(f"decisions: none given ({show(given)}); presets: "
                         f"{', '.join(PRESETS)}")
    return frozenset(out)


def decisions_text(decisions: str | Iterable) -> str:
    """Words for a set of decisions (as :func:`decision_codes` reads them): a preset's
    name, "every decision but A, B" where fewer are left out than taken (a policy that
    answers all but what its fallback was measured to play better), else the names
    joined by commas."""
    taken = decision_codes(decisions)
    for name, preset in PRESETS.items():
        if taken == preset:
            return name
    names = {code: name for name, code in DECISIONS.items()}
    left = [names[d] for d in sorted(names) if d not in taken]
    if len(left) < len(taken):
        return "every decision but " + ", ".join(left)
    return ",".join(names[d] for d in sorted(taken))


def action_name(action: int, decision: int = -1) -> str:
    """Words for ``action`` (as an answer to ``decision`` when given)."""
    if 0 <= action < N_CARDS:
        return CARDS[action].name
    if action == NONE:
        return "nothing" if decision not in (codes.D_ACTION, codes.D_TREASURE, codes.D_BUY) \
            else "end"
    if action == NO:
        return "no"
    if action == YES:
        return "yes"
    if MODE0 <= action < N_ACTIONS:
        k = action - MODE0
        words = codes.DECISIONS[decision].options if 0 <= decision < codes.N_DECISIONS else ()
        return f"option {k}" + (f" ({words[k]})" if words and k < len(words) else "")
    return f"no action ({action} is outside 0..{N_ACTIONS - 1})"


def action_names() -> list[str]:
    """Every action's name out of context (index = action)."""
    return [action_name(a) for a in range(N_ACTIONS)]
