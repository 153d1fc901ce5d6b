"""Load saved games and play them to the end, one per input line, in a process of its own
(tests/test_position_fuzz.py): a damaged text that kills the interpreter kills this
worker, and the test finds which text by the progress it wrote.

Input: one JSON string per line (a serialized state, damaged or not).  Output, per text:
``start I`` before loading it (flushed), then one JSON object: ``{"i": I, "outcome":
"refused", "message": ...}`` (a ValueError), ``{"i": I, "outcome": "played", "scores":
[...], "returns": [...], "terminal": true, "steps": K}``, or ``{"i": I, "outcome":
"error", "type": ..., "message": ...}`` (any other exception).
"""

from __future__ import annotations

import json
import sys

import numpy as np

MAX_STEPS = 20_000


def play(text: str, rng: np.random.Generator) -> dict:
    from sim.env import State

    try:
        state = State.deserialize(text)
    except ValueError as e:
        return {"outcome": "refused", "message": str(e)}
    steps = 0
    while not state.is_terminal() and steps < MAX_STEPS:
        legal = state.legal_actions()
        if not legal:
            return {"outcome": "error", "type": "NoLegalAction",
                    "message": state.decision_name()}
        a = state.bot_action() if rng.random() < 0.8 else legal[int(rng.integers(len(legal)))]
        if a not in legal:
            return {"outcome": "error", "type": "IllegalBotAction",
                    "message": f"{a} not in {legal}"}
        state.apply_action(a)
        steps += 1
    return {"outcome": "played", "terminal": state.is_terminal(), "steps": steps,
            "scores": state.scores(), "returns": state.returns(),
            "players": state.game.num_players}


def main() -> None:
    rng = np.random.default_rng(0)
    for i, line in enumerate(sys.stdin):
        print(f"start {i}", flush=True)
        text = json.loads(line)
        try:
            out = play(text, rng)
        except Exception as e:  # noqa: BLE001 - reported, the test fails on it
            out = {"outcome": "error", "type": type(e).__name__, "message": str(e)}
        out["i"] = i
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
