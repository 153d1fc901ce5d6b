"""The human seat (sim.env.human): `domsim play human BOT` driven from standard input.

A person is played by a script on the process's standard input: empty lines (the
defaults), numbers, card names, prefixes, ``?``, ``log`` and bad input, both fed up front
and answered question by question (an interactive driver that reads each question's
numbered answers and picks one), to the game's end on First Game and on an Adventures
board with Events, where many kinds of decision are met.
"""

from __future__ import annotations

import os
import random
import re
import select
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
ADV_KINGDOM = "Artisan,Coin of the Realm,Page,Peasant,Ratcatcher,Raze,Amulet,Dungeon,Gear,Guide"
ADV_EVENTS = "Ball,Raid,Seaway,Trade"
QUESTION = re.compile(r"^P(\d) human \(you\): (.*)\?$")
ANSWER = re.compile(r"^  (\d+)\. (.*)$")
COST = re.compile(r" \(\$(\d+)\)$")


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "sim.cli", "play", *args]


def _play(args: list[str], stdin: str, tmp_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(_cmd(*args), input=stdin, capture_output=True, text=True,
                          env=_env(), cwd=tmp_path, timeout=300)


def _drive(args: list[str], tmp_path: Path, choose) -> tuple[str, list[str], int]:
    """Play with ``choose(decision, answers, k)`` picking each answer's line (k: the
    question's index); returns (the output, the decisions asked, the exit status)."""
    proc = subprocess.Popen(_cmd(*args), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env=_env(), cwd=tmp_path)
    out = bytearray()
    asked: list[str] = []
    fd = proc.stdout.fileno()
    # Each line typed answers one prompt ("] > ", after which no newline comes): a prompt
    # beyond the lines typed is a new question (the others re-ask after ?, log, table or
    # bad input).  The table is shown only when it changed, so it marks nothing.
    prompts = typed = 0
    while True:
        if not select.select([fd], [], [], 120)[0]:      # a question left unanswered: fail
            proc.kill()
            raise AssertionError("no output for 120 s after:\n" + out[-1500:].decode())
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        prompts += (out[-3:] + chunk).count(b"] > ")
        out += chunk
        if not out.endswith(b"] > ") or prompts <= typed:
            continue
        before = out.rfind(b"] > ", 0, len(out) - 4)     # the previous prompt, if any
        lines = out[before + 4 if before >= 0 else 0:].decode().splitlines()
        q = max(i for i, line in enumerate(lines) if QUESTION.match(line))
        decision = QUESTION.match(lines[q]).group(2)
        answers = [ANSWER.match(x).group(2) for x in lines[q + 1:] if ANSWER.match(x)]
        asked.append(decision)
        for line in choose(decision, answers, len(asked) - 1):
            proc.stdin.write(line.encode() + b"\n")
            typed += 1
        proc.stdin.flush()
    return out.decode(), asked, proc.wait(timeout=60)


def test_defaults_replay_the_fallback_bots_game(tmp_path):
    """Empty lines take the fallback bot's answers: the game is bmu's own game of that seed
    (its log line for line, the seat named human), and the log is saved."""
    human = _play(["human", "bmu", "--seed", "5", "--save-log", "h.txt"], "\n" * 3000,
                  tmp_path)
    assert human.returncode == 0, human.stderr
    bots = _play(["bmu", "bmu", "--seed", "5"], "", tmp_path)
    assert "game log saved to h.txt" in human.stderr
    saved = (tmp_path / "h.txt").read_text()
    assert saved.replace("P0 human", "P0 bmu").replace("seat 0 human", "seat 0 bmu") \
        == bots.stdout
    assert "Winner" in saved


FIRST_GAME_DECISIONS = {
    "play an Action", "play a Treasure", "buy", "discard to an attack", "reveal Moat",
    "discard to Cellar", "trash with Remodel", "gain with Remodel", "trash with Mine",
    "gain with Mine", "gain with Workshop"}
BASIC = {"Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"}


def _collector(seed: int, script: dict[int, list[str]]):
    """A person who buys each kingdom card once (then the dearest cards), plays what it
    can, and answers the rest at random: by name every 4th question, else by number;
    ``script[k]``: the lines typed at question k instead."""
    rng, bought = random.Random(seed), set()

    def choose(decision, answers, k):
        if k in script:
            return script[k]
        # `all Treasures` (the last answer where offered) is left to its own test, so
        # the games take the course they took before it was offered.
        answers = [a for a in answers if a != "all Treasures"]
        names = [COST.sub("", a) for a in answers]
        doing = [i for i, a in enumerate(names) if a not in ("end", "nothing", "no")]
        if decision == "buy" and doing:
            new = [i for i in doing if names[i] not in BASIC | bought]
            cost = {i: int(COST.search(answers[i]).group(1)) for i in doing}
            doing = new or [i for i in doing if cost[i] >= max(cost.values()) - 1 and cost[i]]
        i = rng.choice(doing) if doing and rng.random() < 0.9 else rng.randrange(len(answers))
        if decision == "buy":
            bought.add(names[i])
        return [names[i]] if k % 4 == 0 else [str(i + 1)]
    return choose


def test_first_game_every_decision_and_every_kind_of_input(tmp_path):
    """First Game, 3 players (the search bot and militia-bm): numbers, names, a prefix,
    ?, log and bad input to the end, every decision of the kingdom met; the log is saved
    under results/ by default."""
    script = {0: ["?", "log", "zzz", "99", "copper"], 1: ["COP"]}
    out, asked, rc = _drive(["human", "mcts:playouts=30,playout=bmu", "militia-bm",
                             "--players", "3", "--seed", "2"], tmp_path, _collector(3, script))
    assert rc == 0, out[-2000:]
    assert "play a Treasure: Which Treasure from your hand do you play?" in out   # ?
    assert "  Copper ($0): $1" in out                              # its card's text
    first = out.split("'zzz' is not")[0]                            # the first question's
    assert first.count("Setup: each player shuffles") == 2         # news, then `log`
    assert "'zzz' is not an answer here" in out
    assert "no answer 99: answer 1 to " in out
    assert asked[:2] == ["play a Treasure"] * 2
    assert set(asked) == FIRST_GAME_DECISIONS
    saved = tmp_path / "results" / "human-game-seed-2.txt"
    assert saved.is_file() and "Game over" in saved.read_text()
    assert "P0 human plays Copper" in saved.read_text()


def test_adventures_board_with_events_meets_many_decisions(tmp_path):
    """A person collecting the kingdom (numbers and, at times, names) on an Adventures
    board with four Events: the game ends, and 21 kinds of question are met: Actions,
    Treasures, buys, Travellers and their exchanges, Reserve calls, the start of turn,
    the cards' own choices and two bought Events' (Seaway, Trade)."""
    out, asked, rc = _drive(["human", "bmu", "--seed", "3", "--kingdom", ADV_KINGDOM,
                             "--events", ADV_EVENTS, "--max-events", "4", "--turn-cap", "40"],
                            tmp_path, _collector(5, {}))
    assert rc == 0, out[-2000:]
    assert "Events: Ball $5, Raid $5, Seaway $5, Trade $5" in out
    met = set(asked)
    want = {"play an Action", "play a Treasure", "buy", "start of turn",
            "call after an Action", "exchange a Traveller", "choose with Amulet",
            "trash with Amulet", "discard to Dungeon", "discard to Fugitive",
            "play twice with Disciple", "move a token with Teacher", "put a token on a pile",
            "gain with Artisan", "put a card back with Artisan", "set aside with Gear",
            "trash with Ratcatcher", "trash with Raze", "keep with Raze", "gain with Seaway",
            "trash with Trade"}
    assert want <= met, sorted(met)
    assert "Game over" in out


def test_end_of_input_leaves_cleanly_with_the_log_so_far(tmp_path):
    r = _play(["human", "bmu", "--seed", "5", "--save-log", "part.txt"], "\n" * 10, tmp_path)
    assert r.returncode == 0, r.stderr
    assert "left the table (end of input); the game so far saved to part.txt" in r.stderr
    assert "Traceback" not in r.stderr
    text = (tmp_path / "part.txt").read_text()
    assert "Turn 1" in text and "Game over" not in text


def test_answers_by_number_name_and_prefix():
    from sim.env.human import parse_answer

    answers = [(1, "Silver"), (10, "Smithy"), (3, "Estate"), (200, "end")]
    assert parse_answer("2", answers) == 10
    assert parse_answer("estate", answers) == 3
    assert parse_answer("SMI", answers) == 10
    assert parse_answer("  e ", answers).startswith("'e' could be Estate, end")
    assert parse_answer("s", answers) == "'s' could be Silver, Smithy: type more of it"
    assert parse_answer("5", answers) == "no answer 5: answer 1 to 4"
    assert parse_answer("gold", answers).startswith("'gold' is not an answer here")


def test_the_seat_view_shows_only_what_the_seat_may_know():
    """Re-dealing what seat 0 cannot see (the opponent's hand and draw pile) leaves its
    view unchanged; its own hand is shown, and the opponent's is not."""
    from sim.env import Game
    from sim.env.view import seat_view

    game = Game(players=2, agents=[0], decisions="buy")
    state = game.new_initial_state(seed=4)
    names = ["P0 me", "P1 them"]
    view = seat_view(state, 0, names)
    rng = np.random.default_rng(0)
    other = [state.resample(0, rng) for _ in range(4)]
    assert all(seat_view(s, 0, names) == view for s in other)
    assert "Your hand: Estate 1" in view and "In play: Copper 4" in view
    assert "Supply: Copper $0 (46)" in view and "Your turn: $4, 1 Action, 1 Buy" in view
    assert "Province $8 (8)" in view and "P1 them: 3 VP" in view


def test_a_logged_state_reads_its_log_as_the_replay_writes_it():
    """State.log() of a state whose log is on (the human seat's) reads it rather than
    replaying the game: the same text."""
    from sim.env import Game
    from sim.env.state import State

    game = Game(players=2, decisions="all")
    logged, plain = State(game, 9, _log=True), game.new_initial_state(seed=9)
    for _ in range(60):
        a = plain.bot_action()
        plain.apply_action(a)
        logged.apply_action(a)
    assert logged.log() == plain.log() and "Turn 2" in plain.log()


@pytest.mark.parametrize("spec", ["human", "human:smithy-bm"])
def test_the_spec_seats_a_person(spec):
    from bots import resolve_bot
    from sim.env.human import HumanSeat

    bot = resolve_bot(spec)
    assert isinstance(bot, HumanSeat) and bot.name == "human"
    assert bot.fallback.name == spec.partition(":")[2] or bot.fallback.name == "bmu"


def test_ctrl_c_at_a_question_leaves_cleanly_with_the_log_so_far(tmp_path):
    """Ctrl-C (SIGINT) while the seat waits for an answer: exit 130, one line, the log
    so far saved."""
    import signal

    proc = subprocess.Popen(_cmd("human", "bmu", "--seed", "5", "--save-log", "cut.txt"),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=_env(), cwd=tmp_path)
    out = bytearray()
    while not out.endswith(b"] > "):
        chunk = os.read(proc.stdout.fileno(), 65536)
        assert chunk, "no question asked"
        out += chunk
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "left the table (interrupted (Ctrl-C)); the game so far saved to cut.txt" \
        in err.decode()
    assert "Traceback" not in err.decode()
    assert "Turn 1" in (tmp_path / "cut.txt").read_text()


def test_ctrl_c_while_another_seat_decides_saves_the_log_up_to_the_last_question(tmp_path):
    """Ctrl-C (SIGINT) while the other seat is deciding (a search bot with many playouts,
    so it thinks for seconds): exit 130, one line, the log as the person last saw it."""
    import signal

    proc = subprocess.Popen(_cmd("human", "mcts:playouts=500000,playout=bmu", "--seed", "5",
                                 "--save-log", "cut.txt"),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=_env(), cwd=tmp_path)
    fd, out, questions = proc.stdout.fileno(), bytearray(), 0
    while True:
        # A question comes in milliseconds after an answer; silence for 3 s is the
        # search bot deciding (500,000 playouts: several seconds a decision).
        if not select.select([fd], [], [], 120 if questions == 0 else 3)[0]:
            break
        chunk = os.read(fd, 65536)
        assert chunk, "the game ended before the search bot decided"
        out += chunk
        if out.endswith(b"] > "):
            questions += 1
            proc.stdin.write(b"\n")
            proc.stdin.flush()
    assert questions > 0       # each question shown was answered: the other seat is deciding
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert ("left the table (interrupted (Ctrl-C) while another seat played); the game up "
            "to your last question saved to cut.txt") in err.decode()
    assert "Traceback" not in err.decode()
    saved = (tmp_path / "cut.txt").read_text()
    # The log as shown at the last question: its last line is the news shown there.
    last_news = out.decode().rsplit("-- since your last answer --", 1)[1]
    assert "Turn 1" in saved and saved.strip().splitlines()[-1] in last_news


def test_the_news_keeps_the_other_players_cards_secret_and_the_game_ends_with_its_result(
        tmp_path):
    """Fed empty lines (`yes '' | domsim play human bmu --seed 5`): the news after the
    other seat's turn counts its draws and hand, never names them; the game ends with the
    result (scores, turns, the winner, where the full log is) rather than the full log,
    which names every card and goes to the file."""
    r = _play(["human", "bmu", "--seed", "5"], "\n" * 3000, tmp_path)
    assert r.returncode == 0, r.stderr
    assert "P1 bmu draws 5 cards" in r.stdout and "    hand: 5 cards" in r.stdout
    assert "P1 bmu draws:" not in r.stdout
    assert "P0 human draws: " in r.stdout                         # your own cards, named
    result = r.stdout.split("-- the result --\n")[1].splitlines()
    assert re.fullmatch(r"P0 human \(you\): \d+ VP in \d+ turns", result[0])
    assert re.fullmatch(r"P1 bmu: \d+ VP in \d+ turns", result[1])
    assert result[2] in ("You won.", "P1 bmu won.") or result[2].startswith("Shared win")
    assert result[3] == ("The full log, every player's cards shown, is saved to "
                         "results/human-game-seed-5.txt")
    saved = (tmp_path / "results" / "human-game-seed-5.txt").read_text()
    assert "P1 bmu draws: " in saved and "Winner" in saved


def _seat(lines: str):
    """A human seat reading ``lines`` at seat 0 of a 2-player First Game (seed 5), at its
    first question, and what it writes."""
    import io

    from sim.env import Game
    from sim.env.human import HumanSeat

    game = Game(players=2, decisions="all")
    out = io.StringIO()
    seat = HumanSeat(stdin=io.StringIO(lines), stdout=out)
    seat.start_game(game, 0, 5)
    return seat, game.new_initial_state(seed=5), out


def test_one_answer_plays_all_treasures():
    """`treasures` (or `all Treasures`, or its number) plays every Treasure in hand: the
    rest of the phase's Treasure questions are answered without asking; it is offered
    only where a Treasure may be played."""
    from sim.engine import codes
    from sim.env.human import LeftTable

    seat, state, out = _seat("treasures\nall\n\n")
    played = []
    while state.decision()[0] == codes.D_TREASURE:
        a = seat.act(state)
        played.append(state.action_to_string(a))
        state.apply_action(a)
    assert played == ["play a Treasure: Copper"] * 3          # seed 5: 3 Copper, 2 Estate
    assert out.getvalue().count("] > ") == 1                  # asked once
    assert "  3. all Treasures\n" in out.getvalue()
    assert seat.act(state) >= 0                                # the buy: `all` is no answer
    text = out.getvalue().split("P0 bmu (you): buy?")[1]
    assert "all Treasures" not in text and "'all' is not an answer here" in text
    with pytest.raises(LeftTable):                             # nothing more was read
        seat.act(state)


def test_the_table_is_shown_when_it_changed_or_asked():
    """The same question three times (after `table`, the third): the table once, then
    again on `table`; after a Copper is played it changed, so it is shown."""
    import io

    seat, state, out = _seat("\n\ntable\n\n")
    for _ in range(3):
        seat.act(state)
    text = out.getvalue()
    assert text.count("-- the table --") == 2
    assert text.count("-- since your last answer --") == 1
    state.apply_action("Copper")
    seat._in = io.StringIO("\n")
    seat.act(state)
    text = out.getvalue()
    assert text.count("-- the table --") == 3
    assert "Your turn: $1, 1 Action, 1 Buy" in text          # one of each: singular
    assert "P0 bmu (you): 3 VP, 0 turns;" in text
