"""The plain table: a session's news as lines, and the player's turns as numbered prompts.

One asyncio loop runs everything: a local game's bots think on a thread and hand their moves
back through ``dispatch``; a game held elsewhere talks to its server on the same loop. Lines of
input are asked for one at a time, so piped input is read no faster than it is played.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable
from typing import Any

from cardtable.core.protocol import Outcome
from cardtable.core.seats import Seat
from cardtable.plain.console import Console, Lines
from cardtable.plain.entry import (
    COMMANDS,
    LOG_LINES,
    SAY,
    Chosen,
    Command,
    Problem,
    help_lines,
    read_entry,
)
from cardtable.plain.games import READERS
from cardtable.plain.reading import Move
from cardtable.session import (
    Change,
    HandOff,
    Moved,
    NextGame,
    Noted,
    RatingsChanged,
    Refused,
    Said,
    Session,
    Status,
)
from cardtable.session.wording import name_seats

#: what makes another game of a table held here (same game, seats and options, a new shuffle)
Again = Callable[[Session], Session]


def result_line(title: str, seats: tuple[Seat, ...], outcome: Outcome, moves: int) -> str:
    """The one line a finished game ends on: who won, every score, how long it took."""
    names = " and ".join(seats[w].name for w in outcome.winners) or "nobody"
    scores = ", ".join(f"{s.name} {v:g}" for s, v in zip(seats, outcome.scores, strict=True))
    return f"{title}: {names} won ({scores}) after {moves} moves"


def seat_list(seats: tuple[Seat, ...]) -> str:
    return "; ".join(s.name if s.bot is None else f"{s.name}, {s.bot} bot" for s in seats)


class PlainTable:
    """One person (or several, hot-seat) playing ``session`` at standard input and output."""

    def __init__(
        self, session: Session, console: Console, lines: Lines, again: Again | None = None
    ) -> None:
        self.session = session
        self.console = console
        self.lines = lines
        self.again = again
        self.reader = READERS[session.spec.id]
        self._changes: asyncio.Queue[Change] = asyncio.Queue()
        self._loop = asyncio.get_running_loop()
        self._loop_thread = threading.get_ident()
        #: the seat whose person must take the keyboard before the game goes on (hot-seat)
        self._hand_off: int | None = None
        #: a move was sent and its answer (a move or a refusal) has not come back yet
        self._answer_due = False
        #: a move typed before the player's turn, played at the prompt (a game held elsewhere)
        self._typed_ahead: str | None = None
        self._leaving = False
        #: the position (move count, viewer) whose moves the prompt listed last
        self._listed_for: tuple[int, int | None] | None = None

    # -- what the session says -----------------------------------------------------------------

    def _dispatch(self, callback: Callable[[], None]) -> None:
        """Run a session's callback on the loop; at once when already on it, so a change is
        queued in the same step that changed the session (a later step would find the session
        ahead of its news, and prompt for a turn before printing the move that led to it)."""
        if threading.get_ident() == self._loop_thread:
            callback()
        else:
            self._loop.call_soon_threadsafe(callback)

    def _heard(self, change: Change) -> None:
        self._changes.put_nowait(change)

    def _tell(self, change: Change) -> None:
        if isinstance(change, Moved):
            self._answer_due = False
            for line in change.lines:
                self.say_log(line)
        elif isinstance(change, Noted):
            for line in change.lines:
                self.say_log(line)
        elif isinstance(change, Refused):
            self._answer_due = False
            self.console.say(f"Not allowed: {self.named(change.reason)}.")
        elif isinstance(change, HandOff):
            self._hand_off = change.seat
        elif isinstance(change, Status) and change.text:
            self.console.say(f"Note: {change.text.replace('…', '...')}.")
        elif isinstance(change, NextGame):
            self.console.say("The next game begins.")
            self._opening_lines()
        elif isinstance(change, Said):
            says = "say" if change.sender == "You" else "says"
            self.console.say(f"{change.sender} {says}: {change.text}")
        elif isinstance(change, RatingsChanged):
            for line in change.lines:
                self.console.say(f"Rating: {line}")

    def _drain(self) -> None:
        while not self._changes.empty():
            self._tell(self._changes.get_nowait())

    async def _wait(self, reading: bool) -> str | None:
        """Until the session says something (told at once), or with ``reading`` a line is
        typed: the line, else None."""
        change = asyncio.ensure_future(self._changes.get())
        waits: set[asyncio.Future[Any]] = {change}
        line = self.lines.pending() if reading else None
        if line is not None:
            waits.add(line)
        done, _ = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        if change in done:
            self._tell(change.result())
        else:
            change.cancel()
        if line is not None and line in done:
            typed = await self.lines.next()
            return typed if typed is not None else "quit"
        return None

    # -- words ---------------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.session.seats]

    def seat_name(self, seat: int) -> str:
        names = self.names
        return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"

    def named(self, line: str) -> str:
        """A rules line with its cards in words and the seats' names in."""
        solo = len(self.session.seats) == 1
        return self.reader.named(name_seats(self.reader.said(line), self.seat_name), solo)

    def say_log(self, line: str) -> None:
        self.console.say(self.named(line))

    # -- the game ------------------------------------------------------------------------------

    async def play(self) -> int:
        """Play until the last game ends or the player leaves; the exit status."""
        self._start()
        try:
            while not self._leaving:
                await self._step()
        finally:
            self.session.close()
        return 0

    def _start(self) -> None:
        s = self.session
        s.bot_pause = 0.0
        s.connect(self._heard, self._dispatch)
        seed = "" if s.seed is None else f", seed {s.seed}"
        self.console.say(f"{s.spec.title}{seed}. At the table: {seat_list(s.seats)}.")
        self.console.say("Type help for the commands.")
        self._opening_lines()

    def _opening_lines(self) -> None:
        for line in self.session.log_lines():
            self.say_log(line)

    async def _step(self) -> None:
        s = self.session
        self._drain()
        if self._answer_due:
            await self._wait(reading=False)
        elif s.is_over:
            await self._game_over()
        elif self._hand_off is not None:
            await self._take_keyboard(self._hand_off)
        elif s.my_turn:
            await self._turn()
        else:
            s.proceed()
            if self._changes.empty() and self._hand_off is None:
                await self._between_turns()

    async def _between_turns(self) -> None:
        """Others are deciding: their moves arrive; online, the player may read or talk."""
        reading = not self.session.held_here and self._typed_ahead is None
        line = await self._wait(reading)
        if line is None:
            return
        self.console.heard(line)
        entry = read_entry(line, (), self.commands)
        if isinstance(entry, Problem):  # no command: a move for the player's next turn
            self._typed_ahead = line
            return
        await self._do(entry, [])

    async def _take_keyboard(self, seat: int) -> None:
        name = self.seat_name(seat)
        self.console.ask(f"Pass the keyboard to {name}. {name}, press Enter when you have it.")
        line = await self.lines.next()
        self.console.heard(line)
        if line is None or line.strip().lower() == "quit":
            self._leave()
            return
        self._hand_off = None
        self.session.take_seat(seat)
        self.console.say(f"{name}, it is your turn.")

    @property
    def commands(self) -> tuple[str, ...]:
        return (*COMMANDS, SAY) if self.session.chats else COMMANDS

    def _moves(self) -> list[Move]:
        s = self.session
        return self.reader.moves(s.observe(), s.playable(), self.names)

    async def _turn(self) -> None:
        """The prompt: every move listed when the position is new, after a problem and on an
        empty line; after a command's answer, a short prompt, so the answer is not buried."""
        s = self.session
        moves = self._moves()
        position = (s.ply, s.viewer)
        if self._listed_for != position:
            self._listed_for = position
            listed = ", ".join(f"{i} {m.words}" for i, m in enumerate(moves, 1))
            self.console.ask(f"Your move: {listed} (or: {', '.join(self.commands)})", ring=True)
        else:
            self.console.ask(f"Your move, 1 to {len(moves)} (Enter lists them again):")
        line, self._typed_ahead = self._typed_ahead, None
        while line is None:
            line = await self._wait(reading=True)
            if s.ply != position[0] or not s.my_turn:  # the game moved on meanwhile
                return
        self.console.heard(line)
        entry = read_entry(line, moves, self.commands)
        if not isinstance(entry, Command):
            self._listed_for = None  # a move, a problem or an empty line: list them again
        await self._do(entry, moves)

    async def _do(self, entry: Any, moves: list[Move]) -> None:
        if isinstance(entry, Chosen):
            self._answer_due = True
            self.session.submit(entry.action)
        elif isinstance(entry, Problem):
            self.console.say(entry.why)
        elif isinstance(entry, Command):
            await self._command(entry)

    async def _command(self, command: Command) -> None:
        s, say = self.session, self.console.say
        view = s.observe()
        if command.name == "quit":
            self._leave()
        elif command.name == "help":
            for line in help_lines(self.commands):
                say(line)
        elif command.name == "hand":
            say(self.reader.hand(view, self.names))
        elif command.name == "board":
            for line in self.reader.board(view, self.names):
                say(line)
        elif command.name == "score":
            say(self.reader.score(view, self.names))
        elif command.name == "odds":
            for line in self.reader.odds(view, self.names):
                say(line)
        elif command.name == "log":
            count = int(command.rest) if command.rest else LOG_LINES
            for line in s.log_lines()[-count:] if count else ():
                self.say_log(line)
        elif command.name == "hint":
            await self._hint()
        elif command.name == SAY:
            problem = s.say(command.rest)
            if problem is not None:
                say(f"Not sent: {problem}.")

    async def _hint(self) -> None:
        s = self.session
        if not s.offers_hints:
            self.console.say("No hints at an online table: each seat plays on its own.")
            return
        if s.spec.hint_level is None:
            self.console.say(f"{s.spec.title} gives no hints.")
            return
        if not s.my_turn:
            self.console.say("A hint is for your own turn.")
            return
        from cardtable.games.hints import hint

        observation, legal, ply = s.observe(), s.playable(), s.ply
        # seeded by the move number, as the hint key is: asking twice gives the same answer
        advice = await asyncio.to_thread(hint, s.spec.id, observation, legal, random.Random(ply))
        self.console.say(f"Hint: {self.named(advice.reason)}")

    def _leave(self) -> None:
        s = self.session
        if not s.is_over and not s.spectating:
            kept = (
                "a bot plays your seat until you join again with the invite code"
                if not s.held_here
                else "the game is not saved"
            )
            self.console.say(f"You leave the table: {kept}.")
        self._leaving = True

    # -- the end -------------------------------------------------------------------------------

    async def _game_over(self) -> None:
        s = self.session
        outcome = s.outcome
        assert outcome is not None
        self.console.say(result_line(s.spec.title, s.seats, outcome, s.ply) + ".")
        if s.spectating:
            offer = "keep watching"
        elif not s.held_here or self.again is not None:
            offer = "play again"
        else:
            self._leaving = True
            return
        self.console.ask(f"1 quit, 2 {offer}")
        line = await self.lines.next()
        self.console.heard(line)
        choice = (line or "quit").strip().lower()
        if not choice or "quit".startswith(choice) or choice == "1":
            self._leaving = True
        elif choice == "2" or offer.startswith(choice):
            await self._next_game()
        else:
            self.console.say(f"'{choice}' is neither: type 1 to quit or 2 to {offer}.")

    async def _next_game(self) -> None:
        s = self.session
        if s.spectating:
            self.console.say("Watching for the players' next game.")
            while not self._leaving and s.is_over:
                await self._wait(reading=False)
            return
        following = s.again()
        if following is None:  # a table held here: a fresh one from the caller
            assert self.again is not None
            s.close()
            self.session = self.again(s)
            self._start()
            return
        self.console.say("Waiting for everyone at the table to ask for the rematch.")
        await following.settled()
        self._opening_lines()
