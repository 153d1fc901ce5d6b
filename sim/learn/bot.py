"""A trained policy as a bot: :class:`PolicyBot` plays a policy directory anywhere.

    domsim match policy/ bmu --games 10000
    domsim tournament policy/ big-money bmu smithy-bm --games 2000

A policy directory holds ``policy.npz`` (the network's weights and the observation
entries it reads) and ``policy.json`` (the kingdom, Events and players it was trained
for, the decisions it takes, its fallback bot, the training command and seed).  The
bot takes the policy's decisions with the network's most probable legal action (a
deterministic bot: the same game for the same seed) from its seat's observation
(``state.observation(seat)``: nothing its player may not know); its fallback bot
answers every other decision inside the engine.  Its identity carries a hash of the
weights, so a results cache or a resumed run tells two trainings apart.  It plays whole
games inside the engine's own batch, asked inside the engine's decisions
(sim.learn.compiled: the same games, ~8x faster); ``compiled=False`` asks
:meth:`PolicyBot.act` at every decision instead.  A search bot plays its playouts with
one (``mcts:playout=<policy>``, :meth:`PolicyBot.playout_calls`).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import numpy as np

from bots.providers import register_provider
from sim.engine import fingerprint
from sim.env.actions import decisions_text
from sim.env.agent import AgentBot
from sim.learn.policy import Net, features, remap_to_table, table_sizes

POLICY_FILE = "policy.npz"
META_FILE = "policy.json"
FORMAT = 1


def is_policy_dir(path: str | os.PathLike) -> bool:
    """A directory holding a policy (its ``policy.npz`` and ``policy.json``)."""
    p = Path(path)
    return p.is_dir() and (p / POLICY_FILE).is_file() and (p / META_FILE).is_file()


def save_policy(directory: str | os.PathLike, net: Net, columns: np.ndarray, meta: dict) -> None:
    """Write ``net`` and ``meta`` as a policy directory, each file written under a
    temporary name and renamed when complete (a reader never sees half a policy).
    policy.json records the card and decision tables the arrays are numbered by
    (sim.engine.fingerprint, under ``card_table``): a later domsim that adds cards
    remaps them, one that changed a card refuses them naming it (:func:`load_policy`)."""
    from sim.outputs import atomic_path, atomic_write_text

    d = Path(directory)
    arrays = {f"W{k}": w for k, w in enumerate(net.W)}
    arrays.update({f"b{k}": b for k, b in enumerate(net.b)})
    arrays.update(Wp=net.Wp, bp=net.bp, Wv=net.Wv, bv=net.bv, columns=columns)
    with atomic_path(d / POLICY_FILE) as tmp, open(tmp, "wb") as f:
        np.savez(f, **arrays)
    atomic_write_text(d / META_FILE, meta_text(meta, fingerprint.record()))


def meta_text(meta: dict, table: dict) -> str:
    """policy.json's text: ``meta`` with the format number first and the table record
    ``table`` (sim.engine.fingerprint) last, one card or decision a line."""
    meta = {k: v for k, v in meta.items() if k not in ("domsim_policy", fingerprint.KEY)}
    body = json.dumps({"domsim_policy": FORMAT, **meta}, indent=1)
    return (body[:-2] + f',\n "{fingerprint.KEY}": '
            + fingerprint.record_text(table, " ").replace("\n", "\n ") + "\n}\n")


def load_policy(directory: str | os.PathLike) -> tuple[Net, np.ndarray, dict, str]:
    """(network, observation columns, metadata, sha256 of the weights file).  A damaged
    or mismatched folder is refused in one ValueError line (sim.learn.policy_check).

    A policy made with an older card table that this domsim only adds to (policy.json's
    ``card_table``, sim.engine.fingerprint; none: the table of domsim 0.10/0.11) comes
    back in this domsim's terms (sim.learn.policy.remap_to_table: added cards are zero
    inputs and actions it never chooses, its decisions the ones it was made with); one
    made with a table that changed otherwise is refused naming the change
    (``policy DIR: made for a card table where Smithy costs $3; this domsim's costs $4``):
    its weights would read other cards' inputs and answer with other cards."""
    d = Path(directory)
    if not is_policy_dir(d):
        raise FileNotFoundError(f"{d}: not a policy directory (no {POLICY_FILE} and "
                                f"{META_FILE}; `domsim train --out {d}` makes one)")
    # Both files checked before anything reads the weights (sim.learn.policy_check:
    # folders are passed around; compiled code trusts their shapes and columns).
    from sim.env.actions import N_ACTIONS
    from sim.env.core import OBS_SIZE
    from sim.learn.policy_check import read_arrays, read_meta

    meta = read_meta(d / META_FILE, FORMAT)
    check = read_table(d, meta)
    n_actions, obs_size = (N_ACTIONS, OBS_SIZE) if check.same else \
        table_sizes(check.recorded)
    z = read_arrays(d / POLICY_FILE, meta, n_actions, obs_size)
    digest = hashlib.sha256((d / POLICY_FILE).read_bytes()).hexdigest()
    k = sum(1 for name in z if name.startswith("W") and name[1:].isdigit())
    net = Net([z[f"W{i}"] for i in range(k)], [z[f"b{i}"] for i in range(k)], z["Wp"],
              z["bp"], z["Wv"], z["bv"], int(z["Wp"].shape[1]))
    columns = z["columns"].astype(np.int64)
    if not check.same:
        net, columns = remap_to_table(net, columns, check.recorded)
        meta = dict(meta, table_remapped=check.summary())
        if isinstance(meta["decisions"], str) and meta["decisions"].strip().lower() == "all":
            # The decisions it was made to take: an added one is its fallback's.
            meta["decisions"] = [e[0] for e in check.recorded["decisions"]]
    return net, columns, meta, digest


def read_table(directory: Path, meta: dict) -> fingerprint.TableCheck:
    """How the card table policy.json records compares with this domsim's
    (sim.engine.fingerprint.TableCheck), or the one-line ValueError refusing it."""
    return fingerprint.usable(meta.get(fingerprint.KEY), f"policy {directory}", "made for",
                              record_where=str(directory / META_FILE))


class PolicyBot(AgentBot):
    """The bot of a trained policy directory (see the module docstring).

    Args:
        directory: the policy directory (``domsim train --out``).
        name: the bot's name (default ``policy-<directory name>``).
        compiled: play whole games inside compiled code (sim.learn.compiled: the same
            games, decision for decision, ~8x faster); False asks :meth:`act` (Python)
            at every decision, as the state API's agents are asked.
    """

    def __init__(self, directory: str | os.PathLike, name: str | None = None,
                 compiled: bool = True):
        import re

        from bots.rules import validate_name

        self.directory = Path(directory)
        self.net, self.columns, self.meta, self.digest = load_policy(directory)
        self.net = self.net.astype(np.float64)   # one decision at a time: exact, as cheap
        base = re.sub(r"[^a-z0-9]+", "-", self.directory.resolve().name.lower()).strip("-")
        name = validate_name(name or f"policy-{base or 'dir'}")
        m = self.meta
        where = f"boards of {m['kingdom']}" if m.get("general") else \
            ", ".join(m.get("kingdom", []))
        takes = decisions_text(m.get("decisions", "buy"))
        desc = (f"Learned policy ({takes} decisions, trained "
                f"{m.get('games', 0):,} games against {', '.join(m.get('against', []))} "
                f"on {where}); fallback {m.get('fallback')}"
                + (f"; made with an older card table (this domsim {m['table_remapped']})"
                   if m.get("table_remapped") else ""))
        super().__init__(name, desc, fallback=m["fallback"], decisions=m["decisions"])
        #: The logit added at the fallback's own action (sim.learn.prior).
        self.prior_w = float(self.meta.get("prior", 0.0))
        self.compiled = bool(compiled)
        self._obs = None
        self._compiled = None

    def identity(self) -> str:
        """The class, decisions and fallback, and the weights' sha256: another training
        (or more of it) is another bot to a results file or a cache."""
        return f"{super().identity()} weights={self.digest}"

    def check_game(self, config) -> None:
        """Refuse a game it was not trained for (another kingdom, other Events, another
        number of players: inputs it never saw, or of another width) with a one-line
        :class:`sim.engine.config.ConfigError` (a ValueError) naming both tables; a
        general policy (trained on random boards) plays any kingdom and Events, and
        refuses only another number of players.  Runs
        call it before any game is played (:func:`sim.runner.plan.make_config`), the
        agent tables again (:meth:`seat_bot`).  A policy directory that does not record
        its Events or players (older ones) is not checked on them."""
        from sim.engine.config import ConfigError

        m = self.meta
        players = m.get("players")
        if m.get("general"):        # it reads every card's entries: any kingdom, any Events
            if players is not None and int(players) != config.n_players:
                raise ConfigError(f"policy {self.name!r} plays {players}-player games (it "
                                  f"was trained on {players}-player boards of "
                                  f"{m['kingdom']}); this game has {config.n_players} "
                                  f"players")
            return
        if sorted(config.kingdom_names) != sorted(m["kingdom"]) or \
                sorted(config.event_names) != sorted(m.get("events", [])) or \
                (players is not None and int(players) != config.n_players):
            mine = _table(m["kingdom"], m.get("events", []), players)
            this = _table(config.kingdom_names, config.event_names, config.n_players)
            raise ConfigError(f"policy {self.name!r} was trained on {mine}; this game is "
                              f"{this}")

    def seat_bot(self, config):
        """Its fallback, after checking that the game is one it was trained for
        (:meth:`check_game`)."""
        self.check_game(config)
        return self.fallback

    def act(self, state) -> int:
        """The network's most probable legal action for the seat asked, from that seat's
        own observation."""
        return int(self.logits(state).argmax())

    def logits(self, state) -> np.ndarray:
        """The network's masked logits [N_ACTIONS] (float64; MASKED at illegal actions,
        the prior added at the fallback's action) for the question ``state`` asks."""
        from sim.env import core

        if self._obs is None:
            self._obs = np.zeros(core.OBS_SIZE, np.float32)
        state.observe_into(state.current_player(), self._obs)
        x = features(self._obs[None, :], self.columns).astype(np.float64)
        w = self.prior_w
        prior = np.asarray([state.bot_action()]) if w else None
        logits, _, _ = self.net.forward(x, state.mask[None, :], prior, w)
        return logits[0]

    def compiled_policy(self):
        """The policy as the compiled forward pass reads it (sim.learn.compiled), built
        once."""
        if self._compiled is None:
            from sim.learn.compiled import CompiledPolicy

            self._compiled = CompiledPolicy.of(self)
        return self._compiled

    def playout_calls(self, game, seats) -> tuple:
        """(programs, call table, policy table) for a search's playouts of ``game`` (a
        sim.env.Game of its fallback's seats) with this policy at ``seats``: ``game.P``
        with those seats asking every decision (sim.learn.compiled.asking_programs), the
        game's flat call table whose decider asks the policy (seam_flat) and the table
        the searched states carry (policy_table); sim.env.mcts's ``playout=`` setting."""
        from sim.learn.compiled import asking_programs, policy_table, seam_flat

        self.check_game(game.config)
        seats = list(seats)
        policy = self.compiled_policy()
        return (asking_programs(game.P, seats), seam_flat(game),
                policy_table(game, dict.fromkeys(seats, policy)))

    def play_compiled(self, game, seeds, first, score, turns, game_rows, *, log=False):
        """Whole games inside compiled code (sim.env.agent.AgentBot.play_compiled), unless
        made with ``compiled=False``."""
        if not self.compiled:
            return None
        return self.compiled_policy().play(game, seeds, first, score, turns, game_rows,
                                           log=log)

    def play_compiled_with(self, game, seats, seeds, first, score, turns, game_rows, *,
                           log=False):
        """Whole games inside compiled code with a learned policy at each agent seat
        (``seats``: PolicyBots, this one among them; each seat's policy answers its own
        decisions, its fallback the rest), unless one of them was made with
        ``compiled=False`` or another agent bot sits there."""
        if all(b is self for b in seats.values()) or \
                not all(isinstance(b, PolicyBot) and b.compiled for b in seats.values()):
            return super().play_compiled_with(game, seats, seeds, first, score, turns,
                                              game_rows, log=log)
        policies = {s: b.compiled_policy() for s, b in seats.items()}
        return self.compiled_policy().play(game, seeds, first, score, turns, game_rows,
                                           log=log, policies=policies)


def _table(kingdom, events, players) -> str:
    """``the kingdom A, B, ..., the Events E, F (or no Events), 2 players``."""
    return (f"the kingdom {', '.join(kingdom)}, "
            + (f"the Events {', '.join(events)}" if events else "no Events")
            + (f", {players} players" if players is not None else ""))


# The registry (bots) plays a policy directory given as a bot with these; it sits below
# this module, so it cannot import them (bots.providers).
register_provider("policy", bot=PolicyBot, is_policy_dir=is_policy_dir)
