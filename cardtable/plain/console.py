"""Standard input and output as the plain mode uses them: wrapped printable lines out, whole
lines in, read on a thread of their own so a game held elsewhere goes on while nobody types."""

from __future__ import annotations

import asyncio
import codecs
import os
import threading
from typing import TextIO

from cardtable.core.printable import printable
from cardtable.plain.words import wrapped


class Console:
    """Lines out: each wrapped to ``width`` between words, with nothing but printable text."""

    def __init__(self, out: TextIO, width: int, echo: bool = False, bell: bool = False) -> None:
        self.out = out
        self.width = width
        #: repeat each line read after its prompt: input from a pipe shows in the transcript
        self.echo = echo
        #: ring the terminal's bell when it is the player's turn
        self.bell = bell

    def say(self, text: str) -> None:
        for line in wrapped(text, self.width):
            self.out.write(line + "\n")
        self.out.flush()

    def ask(self, text: str, ring: bool = False) -> None:
        """A prompt: its lines, then "> " where the answer is typed."""
        if ring and self.bell:
            self.out.write("\a")
        self.say(text)
        self.out.write("> ")
        self.out.flush()

    def heard(self, line: str | None) -> None:
        """A line was read: finish the prompt's line (echoing it when input is piped)."""
        if self.echo:
            self.out.write(printable(line or "") + "\n")
            self.out.flush()


class Lines:
    """Whole lines of input, one asked for at a time; None once input has ended."""

    async def next(self) -> str | None:
        raise NotImplementedError

    def pending(self) -> asyncio.Future[str | None]:
        """The line being waited for, as a future (the same one until it is taken)."""
        raise NotImplementedError


class StreamLines(Lines):
    """Lines from a file descriptor (standard input), read by a daemon thread one at a time,
    only when asked for: a pipe that never ends (``yes 1``) is read no faster than played."""

    def __init__(self, fd: int = 0) -> None:
        self.fd = fd
        self._wanted = threading.Event()
        self._future: asyncio.Future[str | None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    def pending(self) -> asyncio.Future[str | None]:
        if self._future is None:
            self._loop = asyncio.get_running_loop()
            self._future = self._loop.create_future()
            if self._thread is None:
                self._thread = threading.Thread(target=self._pump, daemon=True)
                self._thread.start()
            self._wanted.set()
        return self._future

    async def next(self) -> str | None:
        line = await self.pending()
        self._future = None
        return line

    def _pump(self) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        buffered = ""
        ended = False
        while True:
            self._wanted.wait()
            self._wanted.clear()
            while "\n" not in buffered and not ended:
                chunk = os.read(self.fd, 4096)
                ended = not chunk
                buffered += decoder.decode(chunk, final=ended)
            if "\n" in buffered:
                line, _, buffered = buffered.partition("\n")
                answer: str | None = line.rstrip("\r")
            else:
                answer, buffered = (buffered or None), ""
            self._hand_over(answer)
            if answer is None:
                return

    def _hand_over(self, line: str | None) -> None:
        future, loop = self._future, self._loop
        assert future is not None and loop is not None

        def settle() -> None:
            if not future.done():
                future.set_result(line)

        loop.call_soon_threadsafe(settle)


class ScriptLines(Lines):
    """Lines from a list (tests, and a scripted run): None after the last."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self._future: asyncio.Future[str | None] | None = None

    def pending(self) -> asyncio.Future[str | None]:
        if self._future is None:
            self._future = asyncio.get_running_loop().create_future()
            self._future.set_result(self.lines.pop(0) if self.lines else None)
        return self._future

    async def next(self) -> str | None:
        line = await self.pending()
        self._future = None
        return line
