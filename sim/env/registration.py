"""The Gymnasium id of the environment and its registration: a leaf of sim.env.

:mod:`sim.env.gym_env` reads these, and :mod:`sim.env` re-exports them (the
``gymnasium.envs`` entry point names ``sim.env:register_gymnasium``); keeping them out of
the package's ``__init__`` keeps gym_env from importing the package that imports it.
"""

from __future__ import annotations

#: The Gymnasium id of sim.env.gym_env.DominionEnv.
ENV_ID = "domsim/Dominion-v0"


def register_gymnasium() -> bool:
    """Register ``domsim/Dominion-v0`` (ENV_ID) with Gymnasium, once; False when Gymnasium
    is not installed.  Runs on ``import sim.env`` and is the ``gymnasium.envs`` entry point
    (pyproject.toml); the environment's module is imported only by ``gymnasium.make``."""
    try:
        from gymnasium.envs.registration import register, registry
    except ImportError:
        return False
    if ENV_ID not in registry:
        register(id=ENV_ID, entry_point="sim.env.gym_env:DominionEnv")
    return True
