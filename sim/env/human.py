"""A person at the table: the human seat, one piece of code for every decision.

    domsim play human mcts --seed 5
    domsim play human:smithy-bm bmu --kingdom random:adventures --events random --seed 3

:class:`HumanSeat` is an agent bot (:class:`sim.env.agent.AgentBot`) that takes every
decision of its seat and answers it by asking a person on a text stream.  Each question
shows what a player at the table can see (:func:`sim.env.view.seat_view`: the Supply with
costs and counts, the Events, the trash, every player's public state with its mats and
tokens, and the seat's own hand, play area and discard pile; shown again only when it
changed), what happened since the seat last answered (the new lines of the game log as
that player saw it, :func:`sim.engine.gamelog.seen_by`: another player's draws and hand
are counted, never named), then the legal answers, numbered, in words
(:meth:`sim.env.State.action_to_string`).  Nothing here knows a card or a decision: the
question's words are the decision's name, the answers the legal actions' words, so a
new card's decisions are asked as soon as the engine asks them.

An answer is a number or an answer's words (any case; a unique prefix is enough, e.g.
``gol`` for Gold); ``?`` explains the question (:func:`explain`) and shows the texts of
the cards involved; ``log`` prints the game so far (as the seat saw it); ``table`` shows
the table again; where a Treasure may be played, the extra answer ``all Treasures``
(or ``treasures``) plays every Treasure in hand, one question at a time answered for the
person (one by one stays possible: Coin of the Realm goes to the Tavern mat when played,
so a person may keep it); an empty line takes the default answer shown beside the
question: the seat's fallback bot's (``human:BOT``; bmu by
default), so a seat fed empty lines plays as that bot, and a script on standard input
drives a whole game.  Bad input gets a one-line message and the question again.  End of
input or Ctrl-C leaves the table: :class:`LeftTable`, carrying the game log so far.
"""

from __future__ import annotations

import sys
from typing import TextIO

from bots.providers import register_provider
from sim.cards import CARDS, N_CARDS
from sim.engine import codes
from sim.engine.gamelog import format_log
from sim.env.actions import action_name
from sim.env.agent import AgentBot
from sim.env.observation import observation_names
from sim.env.view import plural, seat_view

#: The word that seats a person (``human`` or ``human:FALLBACK``).
HUMAN_PREFIX = "human"
_HELP = ("a number, an answer's name (a unique prefix is enough), ? to explain, log for the "
         "game, table for the table")
#: The extra answer that plays all your Treasures, and the words that pick it.
ALL_TREASURES = "all Treasures"
_ALL_WORDS = ("all treasures", "treasures", "all")
_ALL = -1000        # its place among the answers (no engine action is negative)


class LeftTable(BaseException):  # noqa: N818 - not an error: the person left
    """The person left the table (end of input or Ctrl-C) before the game ended.

    A BaseException, as KeyboardInterrupt is: it passes through the agent batch's handling
    of a bot's errors (sim.env.agent.play_agent_batch) up to the command.  ``log`` is the
    game so far as `domsim play` prints it; ``why`` says how the person left."""

    def __init__(self, why: str, log: str):
        super().__init__(why)
        self.why, self.log = why, log


def explain(decision: int) -> str:
    """What ``decision`` (a sim.engine.codes D_* code) asks, in words: the question text
    its record in the table of decisions declares (the one place a question is explained;
    the human seat's ``?`` reads it)."""
    return f"{codes.DECISION_NAMES[decision]}: {codes.DECISIONS[decision].text}"


def cards_involved(decision: int, actions: list[int]) -> list[int]:
    """The cards whose texts explain a question: those its name mentions (``trash with
    Chapel``: Chapel) and those among its answers, each once, in that order."""
    name = codes.DECISION_NAMES[decision]
    named = [c for c in range(N_CARDS) if _mentions(name, CARDS[c].name)]
    return list(dict.fromkeys(named + [a for a in actions if 0 <= a < N_CARDS]))


def _mentions(text: str, word: str) -> bool:
    i = text.find(word)
    while i >= 0:
        end = i + len(word)
        if (i == 0 or not text[i - 1].isalnum()) and (end == len(text) or
                                                      not text[end].isalnum()):
            return True
        i = text.find(word, i + 1)
    return False


def parse_answer(text: str, answers: list[tuple[int, str]]) -> int | str:
    """The action a person's ``text`` picks among ``answers`` ((action, words) in the order
    shown): a number 1..k, an answer's words or a unique prefix of them (any case).  A str
    is the one-line reason it picks none."""
    word = text.strip().lower()
    if word.isdigit():
        k = int(word)
        if 1 <= k <= len(answers):
            return answers[k - 1][0]
        return f"no answer {k}: answer 1 to {len(answers)}"
    exact = [a for a, w in answers if w.lower() == word]
    if exact:
        return exact[0]
    hits = [(a, w) for a, w in answers if w.lower().startswith(word)]
    if len(hits) == 1:
        return hits[0][0]
    if hits:
        return f"{text.strip()!r} could be {', '.join(w for _, w in hits)}: type more of it"
    return f"{text.strip()!r} is not an answer here ({_HELP})"


class HumanSeat(AgentBot):
    """A person answering every decision of a seat on a text stream (see module).

    Args:
        fallback: the compiled bot whose answer is each question's default.
        stdin, stdout: the streams read and written (default: the process's, looked up
            at each question).
    """

    def __init__(self, fallback: object = "bmu", *, stdin: TextIO | None = None,
                 stdout: TextIO | None = None):
        super().__init__(HUMAN_PREFIX, "a person at the table, asked every decision on "
                         "standard input (the default answer: its fallback bot's)",
                         fallback=fallback, decisions="all")
        self._in, self._out = stdin, stdout
        self.seat, self.names = 0, []
        self.log_names: list[str] = []  # the seats' bot names, as the log names them
        self.seen: list[str] = []      # the log's lines when the seat last answered
        self.table = ""                # the table as last shown
        self.all_treasures = -1        # the turn (turns played in all) whose Treasures
                                       # the person asked to play all of

    def _write(self, text: str) -> None:
        out = self._out or sys.stdout
        out.write(text + "\n")
        out.flush()

    def start_game(self, game, seat: int, seed: int) -> None:
        """Greets the person: the seats, the kingdom and the Events."""
        self.seat, self.seen, self.table, self.all_treasures = seat, [], "", -1
        self.log_names = list(game.names)
        self.names = [f"P{s} {n}" + (" (you)" if s == seat else "")
                      for s, n in enumerate(game.names)]
        c = game.config
        self._write(f"domsim: a game of seed {seed}, you are seat {seat}; seats: "
                    + ", ".join(self.names))
        self._write("Kingdom: " + ", ".join(c.kingdom_names)
                    + (f"; Events: {', '.join(c.event_names)}" if c.events else ""))
        self._write(f"Answer with {_HELP}; an empty line takes the default. "
                    "End of input or Ctrl-C leaves.")

    def _news(self, state) -> str:
        """The game log's lines since this seat last answered, as this seat saw them."""
        return self._news_of(state.log(viewer=self.seat).splitlines())

    def _news_of(self, lines: list[str]) -> str:
        """``lines`` (the seat's view of the log) from the first line that differs from
        the log shown last (the log merges repeats into their line: "plays Copper"
        becomes "plays 2 Copper")."""
        same = 0
        for old, now in zip(self.seen, lines, strict=False):
            if old != now:
                break
            same += 1
        self.seen = lines
        return "\n".join(lines[same:])

    def _read(self, state) -> str:
        line = (self._in or sys.stdin).readline()
        if not line:
            raise LeftTable("end of input", state.log())
        return line

    def _turn(self, state) -> int:
        """Turns played in all (the seat's observation): which turn a question is in."""
        return int(state.observation(self.seat)[_TURNS_PLAYED])

    def _auto_treasure(self, state, d: int, legal: list[int]) -> int | None:
        """The answer to a Treasure question the person already gave with ``all
        Treasures`` this turn: a Treasure (the fallback's pick when it plays one, else
        the first), or None when that answer does not cover this question."""
        if d != codes.D_TREASURE or self.all_treasures != self._turn(state):
            if d == codes.D_BUY:
                self.all_treasures = -1        # buying ends playing Treasures
            return None
        cards = [a for a in legal if 0 <= a < N_CARDS]
        if not cards:
            return None
        default = state.bot_action()
        return default if default in cards else cards[0]

    def act(self, state) -> int:
        """Shows the table and the question, and returns the action the person picks
        (Ctrl-C at any point of it leaves the table: :class:`LeftTable`)."""
        try:
            return self._ask(state)
        except KeyboardInterrupt:
            raise LeftTable("interrupted (Ctrl-C)", state.log()) from None

    def _ask(self, state) -> int:
        d, _ = state.decision()
        legal = state.legal_actions()
        auto = self._auto_treasure(state, d, legal)
        if auto is not None:
            return auto
        answers = [(a, action_name(a, d)) for a in legal]
        if d == codes.D_TREASURE and any(0 <= a < N_CARDS for a in legal):
            answers.append((_ALL, ALL_TREASURES))
        default = state.bot_action()
        news = self._news(state)
        if news:
            self._write("-- since your last answer --\n" + news)
        table = seat_view(state, self.seat, self.names)
        if table != self.table:            # unchanged: not again (``table`` shows it)
            self._write("-- the table --\n" + table)
            self.table = table
        shown = "\n".join(f"  {k}. {w}{_cost(a, d)}" for k, (a, w) in enumerate(answers, 1))
        at = next(k for k, (a, _) in enumerate(answers, 1) if a == default)
        question = (f"{self.names[self.seat]}: {codes.DECISION_NAMES[d]}?\n{shown}\n"
                    f"[default {at}: {answers[at - 1][1]}] > ")
        while True:
            (self._out or sys.stdout).write(question)
            (self._out or sys.stdout).flush()
            line = self._read(state).strip()
            if not line:
                return default
            if line == "?":
                self._write(self.explanation(state, legal))
                continue
            if line.lower() == "log":
                self._write(state.log(viewer=self.seat))
                continue
            if line.lower() == "table":
                self._write("-- the table --\n" + table)
                continue
            if line.lower() in _ALL_WORDS and answers[-1][0] == _ALL:
                picked = _ALL
            else:
                picked = parse_answer(line, answers)
            if isinstance(picked, str):
                self._write(picked)
                continue
            if picked == _ALL:
                self.all_treasures = self._turn(state)
                return self._auto_treasure(state, d, legal)
            return picked

    def game_over(self, log, names: list[str], scores: list[int], turns: list[int],
                  winners_mask: int, saved: str | None) -> str:
        """The end of the game for the person: what happened since the last answer (as
        this seat saw it), then the result: each seat's score and turns, who won, and
        where the full log (every player's cards) was saved.

        ``log``: the game's event rows; ``names``: the seats' bot names (the log's);
        ``winners_mask``: bit s set for each winning seat (0: none, the turn cap)."""
        text = format_log(log, self.log_names or names, winners_mask=winners_mask,
                          viewer=self.seat)
        news = self._news_of(text.splitlines())
        lines = ["-- since your last answer --", news] if news else []
        lines.append("-- the result --")
        labels = self.names or [f"P{s} {n}" for s, n in enumerate(names)]
        for s, label in enumerate(labels):
            lines.append(f"{label}: {plural(scores[s], 'VP', 'VP')} in "
                         f"{plural(turns[s], 'turn')}")
        won = [s for s in range(len(labels)) if winners_mask >> s & 1]
        if not won:
            lines.append("No winner: the game stopped at the turn cap.")
        elif won == [self.seat]:
            lines.append("You won.")
        elif len(won) == 1:
            lines.append(f"{labels[won[0]]} won.")
        else:
            lines.append("Shared win: " + ", ".join(labels[s] for s in won)
                         + (" (you share it)." if self.seat in won else "."))
        if saved:
            lines.append(f"The full log, every player's cards shown, is saved to {saved}")
        return "\n".join(lines)

    def explanation(self, state, legal: list[int]) -> str:
        """``?``: :func:`explain`'s sentence, the question's arg, and the texts of the
        cards involved (:func:`cards_involved`)."""
        d, arg = state.decision()
        lines = [explain(d) + (f" (the question's number: {arg}: how many, a cost limit "
                               "or a card, by question)" if arg > 0 else "")]
        for c in cards_involved(d, legal):
            card = CARDS[c]
            lines.append(f"  {card.name} (${card.cost}): {card.text or '(no text)'}")
        return "\n".join(lines)


_TURNS_PLAYED = observation_names().index("turns played in all")


def _cost(action: int, decision: int) -> str:
    """`` ($6)`` beside a card answer to a buy or gain, where its cost matters."""
    if 0 <= action < N_CARDS and ("buy" in codes.DECISION_NAMES[decision]
                                  or "gain" in codes.DECISION_NAMES[decision]):
        return f" (${CARDS[action].cost})"
    return ""


def human_seat(spec: str) -> HumanSeat:
    """The human seat a spec names: ``human`` (default answers: bmu's) or ``human:BOT``."""
    _, sep, fallback = spec.strip().partition(":")
    return HumanSeat(fallback.strip() if sep and fallback.strip() else "bmu")


# The registry (bots) seats a person for the spec ``human``; it sits below this module, so it
# cannot import it (bots.providers).
register_provider("human", seat=human_seat, prefix=HUMAN_PREFIX)
