"""Hand-built Pazaak positions for rule tests: boards from labels and a stacked main deck."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from cardtable.games.pazaak.cards import Kind, parse, parse_all
from cardtable.games.pazaak.flow import FULL_DECK
from cardtable.games.pazaak.rules import RULES
from cardtable.games.pazaak.shared import EMPTY, Board, MainDeck, Placed, add_main
from cardtable.games.pazaak.state import Opener, PazaakConfig, PazaakState


def board(text: str) -> Board:
    """A board from labels: "7 6" are main cards, "+2" / "-3" side cards at that value."""
    out = EMPTY
    for word in text.split():
        if word[0] in "+-":
            card = parse(word)
            value = card.amount if word[0] == "+" else -card.amount
            out = Board((*out.cards, Placed(card, value)), out.total + value)
        else:
            out = add_main(out, int(word))
    return out


def config(
    main_deck: MainDeck = MainDeck.TABLETOP, opener: Opener = Opener.ALTERNATE
) -> PazaakConfig:
    return PazaakConfig.with_decks("balanced", "gold", main_deck=main_deck, opener=opener)


def position(
    mine: str = "",
    theirs: str = "",
    *,
    hands: tuple[str, str] = ("", ""),
    deck: tuple[int, ...] = (),
    to_move: int = 0,
    **fields: object,
) -> PazaakState:
    """Seat 0's board is ``mine``, seat 1's ``theirs``; ``deck`` holds the next draws in order
    (then the rest of the 40 cards). Other state fields may be given by name."""
    boards = (board(mine), board(theirs))
    start, _ = RULES.new_game(fields.pop("config", None) or config(), 0)
    on_boards = Counter(p.card.amount for b in boards for p in b.cards if p.card.kind is Kind.MAIN)
    rest = Counter(FULL_DECK) - on_boards - Counter(deck)
    return replace(
        start,
        boards=boards,
        hands=(parse_all(hands[0]), parse_all(hands[1])),
        deck=tuple(deck) + tuple(sorted(rest.elements())),
        to_move=to_move,
        played_side=False,
        **fields,  # type: ignore[arg-type]
    )


def then_deal(state: PazaakState, action: object) -> tuple[PazaakState, tuple[object, ...]]:
    """``action`` played, and the next set dealt if it ended one: the state after both and
    every event of the two (the set's end and the deal are two steps; a rule may span them)."""
    state, events = RULES.apply(state, action)
    step = RULES.chance(state)
    if step is None:
        return state, events
    state, dealt = RULES.apply(state, step)
    return state, events + dealt
