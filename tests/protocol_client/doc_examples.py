"""The JSON examples of docs/PROTOCOL.md, read from the page itself, and a comparison of an
example's shape with a message the server really sent, so the page's examples cannot drift from
the wire unnoticed."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from tests.protocol_client.client import Message

PAGE = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"
#: a key an example uses to say "and more fields here"
ABRIDGED = {"...", "…"}
#: fields whose keys are data (a game's name), not field names: each value has the example's shape
MAPS = {"ratings"}

Direction = Literal["client", "server"]


@dataclass(frozen=True)
class Example:
    """One JSON object in a ```json block, with who sends it and where the page shows it."""

    direction: Direction
    line: int
    message: Message

    @property
    def kind(self) -> str:
        return str(self.message["type"])


def _objects(text: str) -> list[Message]:
    """Every JSON object in a block (a block may show several, one after another)."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while (at := _skip_space(text, at)) < len(text):
        message, at = decoder.raw_decode(text, at)
        found.append(message)
    return found


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at].isspace():
        at += 1
    return at


def examples(page: Path = PAGE) -> list[Example]:
    """The page's examples. A `### Client to server` heading makes what follows the client's,
    `### Server to client` and any `##` heading the server's (the versions and errors sections
    come before any direction is named, and show what the server sends)."""
    direction: Direction = "server"
    found: list[Example] = []
    block: list[str] | None = None
    start = 0
    for number, line in enumerate(page.read_text().splitlines(), start=1):
        if block is not None:
            if line.startswith("```"):
                found += [Example(direction, start, m) for m in _objects("\n".join(block))]
                block = None
            else:
                block.append(line)
        elif line.startswith("```json"):
            block, start = [], number
        elif line.startswith("### Client to server"):
            direction = "client"
        elif line.startswith("### Server to client") or line.startswith("## "):
            direction = "server"
    return found


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


def shape_gaps(example: Any, real: Any, where: str = "") -> list[str]:
    """Where `real` differs in shape from `example`: a field one has and the other lacks (an
    object with a `...` key may leave fields out), or a value of another kind (null goes with
    anything; an empty list shows nothing of its items; an object of another class, by its
    `type`, is not compared)."""
    if example is None or real is None:
        return []
    if _kind(example) != _kind(real):
        return [
            f"{where or 'the message'}: the page shows a {_kind(example)}, the server sent a {_kind(real)}"
        ]
    if isinstance(example, dict) and where.rsplit(".", 1)[-1] in MAPS:
        if not example:
            return []
        like = next(iter(example.values()))
        return [
            gap for key, value in real.items() for gap in shape_gaps(like, value, f"{where}.{key}")
        ]
    if isinstance(example, dict) and example.get("type", real.get("type")) != real.get("type"):
        return []  # objects carry their class in `type`: an example speaks for its own class
    if isinstance(example, dict):
        shown = example.keys() - ABRIDGED
        gaps = [f"{where}.{key}: on the page, not sent" for key in sorted(shown - real.keys())]
        if not ABRIDGED & example.keys():
            gaps += [f"{where}.{key}: sent, not on the page" for key in sorted(real.keys() - shown)]
        for key in sorted(shown & real.keys()):
            gaps += shape_gaps(example[key], real[key], f"{where}.{key}")
        return gaps
    if isinstance(example, list) and example:
        return [
            gap for item in real for gap in shape_gaps(_like(example, item), item, f"{where}[]")
        ]
    return []


def _like(items: list[Any], real: Any) -> Any:
    """The example item to hold `real` to: the one of its class (`type`), else the first."""
    if isinstance(real, dict):
        for item in items:
            if isinstance(item, dict) and item.get("type") == real.get("type"):
                return item
    return items[0]


def page_gaps(message: Message) -> list[str]:
    """How `message`, sent by the server, differs from the page's examples of its type."""
    shown = [e for e in examples() if e.direction == "server" and e.kind == message["type"]]
    assert shown, f"the page shows no {message['type']!r} message"
    return [
        f"{message['type']} (line {e.line}){gap}"
        for e in shown
        for gap in shape_gaps(e.message, message)
    ]
