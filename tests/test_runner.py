"""The runner: determinism across processes and chunks, seats, resume, bot failures."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from bots.rules import RuleBot
from sim.engine.config import ConfigError
from sim.engine.program import F_KIND, K_PYTHON
from sim.engine.rng import game_seeds
from sim.runner import Match, RunError, RunInterrupted, Tournament, make_config, play_game, run
from sim.runner.execute import LocalBackend

pytestmark = pytest.mark.timeout(300)


class Faulty:
    """A Python bot (Big Money buys) that raises on turn 1 when it has $5."""

    name = "faulty-test"
    description = "test bot: raises in some games"

    def program(self):
        prog = RuleBot(self.name, self.description, buy=["Gold", "Silver"]).program()
        prog.flags[F_KIND] = K_PYTHON
        return prog

    def buy(self, view):
        from sim.engine.callbacks import USE_DEFAULT_ANSWER

        if view.turn == 1 and view.coins == 5:
            raise ValueError("five Coppers")
        return USE_DEFAULT_ANSWER


@pytest.fixture(scope="module")
def reference():
    """Smithy-BM vs BMU, 2,000 games, 1 process, one chunk."""
    return Match("smithy-bm", "bmu", games=2000, seed=11, chunk_size=2000).play(processes=1)


def test_same_frames_for_any_processes_and_chunks(reference):
    for procs, chunk in [(1, 250), (2, 334), (2, 2000), (2, 6)]:
        res = Match("smithy-bm", "bmu", games=2000, seed=11, chunk_size=chunk).play(
            processes=procs)
        pd.testing.assert_frame_equal(res.games, reference.games)
        assert res.complete


def test_frame_columns_and_dtypes(reference):
    g = reference.games
    assert len(g) == 2000 and g["game"].tolist() == list(range(2000))
    assert str(g["bot_0"].dtype) == "category" and list(g["bot_0"].cat.categories) == [
        "smithy-bm", "bmu"]
    assert g["score_0"].dtype == np.int16 and g["winners"].dtype == np.uint8
    assert set(g["end"].cat.categories) == {"provinces", "three piles", "turn cap"}
    # sole winners are named; winners bitmask agrees with the winner column
    sole = g["n_winners"] == 1
    seat = np.log2(g.loc[sole, "winners"].to_numpy()).astype(int)
    named = np.where(seat == 0, g.loc[sole, "bot_0"], g.loc[sole, "bot_1"])
    assert (g.loc[sole, "winner"].astype(str).to_numpy() == named).all()
    assert g.memory_usage(deep=True).sum() / len(g) < 80  # bytes per game


def test_rotation_pairs_share_seed_and_swap_seats(reference):
    g = reference.games
    even, odd = g.iloc[0::2], g.iloc[1::2]
    assert (even["seed"].to_numpy() == odd["seed"].to_numpy()).all()
    assert (even["seed"].to_numpy() == game_seeds(11, 0, 1000)).all()
    assert (even["bot_0"].to_numpy() == odd["bot_1"].to_numpy()).all()
    assert (even["bot_0"] == "smithy-bm").all()
    assert (g["first"] == 0).all()
    assert len(g["seed"].unique()) == 1000


def test_random_and_fixed_seats_do_not_depend_on_chunking():
    a = Match("smithy-bm", "bmu", "big-money", games=600, seed=5, seats="random",
              chunk_size=600).play(processes=1)
    b = Match("smithy-bm", "bmu", "big-money", games=600, seed=5, seats="random",
              chunk_size=7).play(processes=2)
    pd.testing.assert_frame_equal(a.games, b.games)
    first = a.games["bot_0"].value_counts()
    assert first.min() > 150  # every bot moves first about a third of the time
    assert len(a.games["seed"].unique()) == 600
    f = Match("smithy-bm", "bmu", games=50, seed=5, seats="fixed").play(processes=1)
    assert (f.games["bot_0"] == "smithy-bm").all()


def test_round_robin_tables_and_three_players():
    t = Tournament(["big-money", "bmu", "smithy-bm", "militia-bm"], players=3, games=30,
                   seed=2)
    assert t.config.tables == ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))
    assert t.config.games == 30
    a = t.play(processes=1)
    b = Tournament(["big-money", "bmu", "smithy-bm", "militia-bm"], players=3, games=30,
                   seed=2, chunk_size=9).play(processes=2)
    pd.testing.assert_frame_equal(a.games, b.games)
    s = a.summary()
    assert s.loc["bmu", "games"] == 90
    assert len(a.tables()) == 12
    chosen = Tournament(["bmu", "smithy-bm", "big-money"],
                        tables=[["bmu", "smithy-bm", "big-money", "bmu"]], games=8).config
    assert chosen.players == 4 and chosen.tables == ((0, 1, 2, 0),)


def test_games_round_up_to_whole_rotations():
    assert make_config(["bmu", "smithy-bm", "big-money"], games=10).games == 12
    assert make_config(["bmu", "smithy-bm", "big-money"], games=10, seats="random").games == 10


def test_replay_one_game_alone(reference):
    g = reference.games
    for i in (0, 1, 1234):
        res, names, seed = play_game(reference.config, i, log=False)
        assert seed == g.loc[i, "seed"]
        assert names == [g.loc[i, "bot_0"], g.loc[i, "bot_1"]]
        assert res.score[0].tolist() == [g.loc[i, "score_0"], g.loc[i, "score_1"]]


class _StopAfter:
    """A local backend whose user presses Ctrl-C after ``k`` chunks."""

    def __init__(self, k):
        self.inner, self.k = LocalBackend(1), k

    def start(self, cfg, n):
        self.inner.start(cfg, n)

    def outputs(self, cfg, chunks):
        for i, o in enumerate(self.inner.outputs(cfg, chunks)):
            if i == self.k:
                raise KeyboardInterrupt
            yield o

    def close(self):
        self.inner.close()


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_interrupt_then_resume_equals_uninterrupted(tmp_path, reference, fmt):
    cfg = make_config(["smithy-bm", "bmu"], games=2000, seed=11, chunk_size=300)
    out = tmp_path / f"run.{fmt}"
    with pytest.raises(RunInterrupted) as info:
        run(cfg, backend=_StopAfter(3), out=out)
    part = info.value.results
    assert part.completed == {0, 1, 2} and part.n_games == 900 and not part.complete
    from sim.analysis.results import Results

    saved = Results.load(out)
    assert saved.completed == {0, 1, 2} and saved.n_games == 900
    played = []

    class Spy(LocalBackend):
        def outputs(self, cfg, chunks):
            played.extend(chunks)
            return super().outputs(cfg, chunks)

    done = run(cfg, backend=Spy(2), resume=out, out=out)
    assert sorted(played) == [3, 4, 5, 6]
    pd.testing.assert_frame_equal(done.games, reference.games)
    again = Results.load(out)
    assert again.complete
    pd.testing.assert_frame_equal(again.games, reference.games)


def test_resume_refuses_another_configuration(tmp_path):
    out = tmp_path / "r.parquet"
    Match("smithy-bm", "bmu", games=20, seed=1).play(processes=1, out=out)
    with pytest.raises(ConfigError, match="seed"):
        Match("smithy-bm", "bmu", games=20, seed=2).play(processes=1, resume=out)


@pytest.mark.parametrize("procs", [1, 2])
def test_bot_failure_names_bot_seed_and_game_and_keeps_finished(tmp_path, procs):
    out = tmp_path / "fail.parquet"
    m = Match(Faulty(), "bmu", games=200, seed=3, chunk_size=8)
    with pytest.raises(RunError) as info:
        m.play(processes=procs, out=out)
    err = info.value.error
    msg = str(info.value)
    assert "faulty-test" in msg and f"game {err['game']}" in msg and str(err["seed"]) in msg
    assert err["seed"] == int(game_seeds(3, err["game"] // 2, err["game"] // 2 + 1)[0])
    res = info.value.results
    assert not res.complete
    # every game before the failure in its chunk, and every finished chunk, is kept
    chunk = err["game"] // 8
    kept = set(res.games["game"])
    assert set(range(chunk * 8, err["game"])) <= kept and err["game"] not in kept
    for c in res.completed:
        assert set(range(c * 8, c * 8 + 8)) <= kept
    from sim.analysis.results import Results

    assert Results.load(out).n_games == res.n_games
    if procs == 1:  # one process plays chunks in order: all earlier games are done
        assert set(range(err["game"])) <= kept


def test_bad_configurations():
    with pytest.raises(ConfigError):
        make_config(["bmu"], games=10)
    with pytest.raises(ConfigError):
        make_config(["bmu", "bmu", "bmu", "bmu", "bmu"], games=10)
    with pytest.raises(ConfigError):
        make_config(["bmu", "smithy-bm"], games=0)
    with pytest.raises(ConfigError):
        make_config(["bmu", "smithy-bm"], games=10, seats="sideways")
    with pytest.raises(ConfigError):
        make_config(["bmu", "smithy-bm"], games=10, kingdom="Moat,Smithy")
    with pytest.raises(ConfigError):
        make_config(["bmu", "smithy-bm"], round_robin=True, players=3)
    from bots import UnknownBotError

    with pytest.raises(UnknownBotError):
        make_config(["bmu", "no-such-bot"], games=10)


class _KillWorker(LocalBackend):
    """A 2-process pool one of whose workers is killed with SIGKILL (as by ``kill -9``
    or the out-of-memory killer) once ``after`` chunks came back."""

    def __init__(self, after=1):
        super().__init__(2)
        self.after, self.killed = after, []

    def outputs(self, cfg, chunks):
        import os
        import signal

        for i, o in enumerate(super().outputs(cfg, chunks)):
            if i == self.after and not self.killed:
                pid = self.worker_pids[0]
                os.kill(pid, signal.SIGKILL)
                self.killed.append(pid)
            yield o


@pytest.fixture(scope="module")
def reference_20k():
    return Match("smithy-bm", "bmu", games=20_000, seed=4, chunk_size=20_000).play(processes=1)


def test_killed_worker_chunks_are_replayed_in_a_fresh_pool(reference_20k):
    cfg = make_config(["smithy-bm", "bmu"], games=20_000, seed=4, chunk_size=400)
    backend = _KillWorker()
    res = run(cfg, backend=backend)
    assert backend.killed and backend.restarts == 1  # the pool did break, and was renewed
    assert res.complete
    pd.testing.assert_frame_equal(res.games, reference_20k.games)


def _die_while_sending(cfg, chunk):
    """In a pool worker: for chunk 3, the first time only, begin sending a result (a
    length header and a few bytes) and die with SIGKILL before the rest is written,
    as a worker killed by the out-of-memory killer mid-send does. Otherwise play."""
    import gc
    import os
    import signal
    from multiprocessing.queues import SimpleQueue

    from sim.runner.work import play_chunk

    marker = os.environ["DOMSIM_TEST_MARKER"]
    if chunk == 3 and not os.path.exists(marker):
        open(marker, "w").close()
        queues = [q for q in gc.get_objects() if type(q) is SimpleQueue]  # (no weak proxies)
        for q in queues:  # the worker's result queue (its call queue is not a SimpleQueue)
            os.write(q._writer.fileno(), (2**31 - 1).to_bytes(4, "big") + b"par")
        os.kill(os.getpid(), signal.SIGKILL)
    return play_chunk(cfg, chunk)


@pytest.mark.timeout(120)
def test_worker_killed_while_sending_its_result_does_not_hang(tmp_path, monkeypatch,
                                                             reference_20k):
    """The pool's reader thread waits forever for the rest of a half-sent result and the
    pool never reports the death: the runner must notice the dead worker itself."""
    from sim.runner import execute

    monkeypatch.setenv("DOMSIM_TEST_MARKER", str(tmp_path / "died"))
    monkeypatch.setattr(execute, "play_chunk", _die_while_sending)
    cfg = make_config(["smithy-bm", "bmu"], games=20_000, seed=4, chunk_size=400)
    backend = LocalBackend(2)
    res = run(cfg, backend=backend)
    assert (tmp_path / "died").exists() and backend.restarts == 1
    assert res.complete
    pd.testing.assert_frame_equal(res.games, reference_20k.games)
    # No pool thread is left waiting on the half-sent message: the interpreter's exit
    # joins those threads, so one stuck here would hang the process after the run.
    from concurrent.futures import process as cf_process

    for thread in list(cf_process._threads_wakeups):
        thread.join(10)
        assert not thread.is_alive(), "a pool's reader thread is stuck"


def test_workers_dying_too_often_stop_the_run_resumably(tmp_path, monkeypatch, reference_20k):
    from sim.analysis.results import Results
    from sim.runner import execute

    monkeypatch.setattr(execute, "MAX_POOL_RESTARTS", 0)
    cfg = make_config(["smithy-bm", "bmu"], games=20_000, seed=4, chunk_size=400)
    out = tmp_path / "lost.parquet"
    with pytest.raises(RunError) as info:
        run(cfg, backend=_KillWorker(after=2), out=out)
    assert info.value.error["kind"] == "worker-lost"
    assert "SIGKILL" in str(info.value) and "\n" not in str(info.value)
    saved = Results.load(out)
    assert 2 <= len(saved.completed) < cfg.n_chunks and not saved.complete
    monkeypatch.setattr(execute, "MAX_POOL_RESTARTS", 3)
    done = run(cfg, processes=2, resume=out, out=out)
    pd.testing.assert_frame_equal(done.games, reference_20k.games)
    assert Results.load(out).complete


def test_resume_lists_every_mismatch_at_once(tmp_path):
    out = tmp_path / "r.parquet"
    Match("smithy-bm", "bmu", games=20, seed=1).play(processes=1, out=out)
    other = make_config(["smithy-bm", "bmu"], games=40, seed=2, turn_cap=50)
    with pytest.raises(ConfigError) as info:
        run(other, processes=1, resume=out)
    msg = str(info.value)
    assert "\n" not in msg
    for part in ("games=20", "seed=1", "turn_cap=100", "games=40", "seed=2", "turn_cap=50"):
        assert part in msg, msg


def test_run_too_big_for_memory_is_refused_before_playing(monkeypatch):
    from sim.runner import execute

    played = []
    monkeypatch.setattr(execute, "warm_up", lambda cfg: played.append(cfg))
    cfg = make_config(["smithy-bm", "bmu"], games=1_000_000, seed=1)
    with pytest.raises(ConfigError, match=r"1,000,000 games need about 2\d\d\.\d MB .* "
                                          r"100\.0 MB is available; play at most about"):
        execute.check_memory(cfg, available=100_000_000)
    execute.check_memory(cfg, available=10**12)  # fits: no error
    huge = make_config(["smithy-bm", "bmu"], games=10**15, seed=1)
    with pytest.raises(ConfigError, match="games need about"):
        run(huge, processes=1)
    assert not played


class _ReapedLate:
    """A dead worker whose exitcode reads None for the first few looks, as while the
    executor's thread is reaping it (the race behind a CI failure: the report named
    the survivor the executor stopped with SIGTERM instead of the killed worker)."""

    def __init__(self, pid: int, code: int, hidden_looks: int):
        self.pid, self._code, self._hidden = pid, code, hidden_looks

    @property
    def exitcode(self):
        if self._hidden > 0:
            self._hidden -= 1
            return None
        return self._code


def test_worker_death_report_names_the_killed_worker_not_the_stopped_survivor():
    from sim.runner.execute import _death

    killed = _ReapedLate(101, -9, hidden_looks=5)
    survivor = _ReapedLate(102, -15, hidden_looks=0)
    assert _death([killed, survivor]) == "pid 101 killed by SIGKILL"
    # Only survivors stopped by the executor: they are named, after the wait.
    assert _death([_ReapedLate(7, -15, 0)]) == "pid 7 killed by SIGTERM"
    assert _death([_ReapedLate(8, 3, 2), _ReapedLate(9, 0, 0)]) == "pid 8 exit status 3"


class _Slow:
    """An agent bot (BMU's answers) that takes ``pause`` seconds a game: a stand-in for
    the search bot's seconds a game, at no CPU cost; it raises in the game of seed
    ``fail_seed``.  Each test names its own (runs keep the bots they built by name)."""

    def __new__(cls, name: str, pause: float = 0.0, fail_seed: int | None = None):
        from sim.env.agent import AgentBot

        class Slow(AgentBot):
            def start_game(self, game, seat, seed):
                import time

                self.seed = seed
                time.sleep(pause)

            def act(self, state):
                if self.seed == fail_seed:
                    raise ValueError("the game it fails")
                return state.bot_action()

        return Slow(name, "test agent: BMU, slowly", fallback="bmu", decisions="buy")


class _Bar:
    """Stands for tqdm in :func:`sim.runner.run`: records each update."""

    updates: list[int] = []

    def __init__(self, *args, **kwargs):
        type(self).updates = []

    def update(self, n):
        self.updates.append(n)

    def close(self):
        pass


@pytest.mark.parametrize("procs", [1, 2])
def test_progress_counts_agent_games_as_they_finish(monkeypatch, procs):
    """A chunk of agent games (seconds each) moves the bar a game at a time, in one
    process and from pool workers (polled), each game counted once; compiled chunks
    still move it by whole chunks, and the games are the same as without counting.
    Fast agents' pieces grow: a game, 2, 4 ... while a piece takes under COUNT_EVERY_S."""
    import tqdm.auto

    from sim.runner import work

    monkeypatch.setattr(tqdm.auto, "tqdm", _Bar)
    monkeypatch.setattr(work, "COUNT_EVERY_S", 0.0)     # slow games: a game a piece
    res = Match(_Slow(f"slow-{procs}", pause=0.3), "bmu", games=8, seed=4, chunk_size=4).play(
        processes=procs, progress=True)
    assert sum(_Bar.updates) == 8 and res.complete
    if procs == 1:
        assert _Bar.updates == [1] * 8
    else:   # the parent polls every 0.2 s: most games are seen before their chunk returns
        assert len(_Bar.updates) > 2 and max(_Bar.updates) < 4
    Match("smithy-bm", "bmu", games=8, seed=4, chunk_size=4).play(processes=1,
                                                                   progress=True)
    assert _Bar.updates == [4, 4]

    cfg = make_config([_Slow(f"quick-{procs}"), "bmu"], games=8, seed=4, chunk_size=8)
    seen: list = []
    monkeypatch.setattr(work, "COUNT_EVERY_S", 1e9)     # fast games: pieces double
    counted = work.play_chunk(cfg, 0, lambda c, n: seen.append((c, n)))
    whole = work.play_chunk(cfg, 0)
    assert seen == [(0, 1), (0, 3), (0, 7), (0, 8)]
    for a in ("score", "turns", "game"):
        assert np.array_equal(getattr(counted, a), getattr(whole, a))


def test_an_agent_bot_failing_mid_chunk_keeps_the_games_before_it():
    """Games counted one by one (agent chunks, sim.runner.work): a failure in game 4 of
    a chunk keeps its games 0-3, as one batch of the whole chunk did."""
    seed = int(make_config(["bmu", "big-money"], games=8, seed=4).layout(0, 8)["seed"][4])
    with pytest.raises(RunError) as info:
        Match(_Slow("failing", fail_seed=seed), "bmu", games=8, seed=4, chunk_size=8).play(
            processes=1)
    assert info.value.error["game"] == 4
    assert sorted(info.value.results.games["game"]) == [0, 1, 2, 3]
