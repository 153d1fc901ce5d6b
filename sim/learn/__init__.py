"""Learned bots: a masked policy-gradient learner (PPO, in numpy) trained by self-play
and a league of library bots, and the trained policy as a bot.

    from sim.learn import TrainConfig, train, PolicyBot
    train(TrainConfig(kingdom="first-game", minutes=20, seed=1), "policy/")
    Match(PolicyBot("policy/"), "bmu", games=10_000).play()

``domsim train`` is the same from the command line, and a policy directory plays
wherever a bot name goes (``domsim match policy/ bmu``).  Nothing beyond domsim's own
dependencies is needed (the ``learn`` extra is empty): see :mod:`sim.learn.policy`.
"""

from sim.learn.bot import PolicyBot, is_policy_dir, load_policy, save_policy
from sim.learn.train import TrainConfig, Trainer, TrainError, TrainResult, train

__all__ = ["PolicyBot", "TrainConfig", "TrainError", "TrainResult", "Trainer", "is_policy_dir",
           "load_policy", "save_policy", "train"]
