"""Flip 7's cards: the kinds, the two deck lists, and how a row of them scores."""

from __future__ import annotations

from enum import IntEnum


class Card(IntEnum):
    """One kind of card. Numbers are their own value, so ``Card(7)`` is the 7.

    The values are dense (0..21) so a tuple of counts can be indexed by card.
    """

    ZERO = 0
    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    ELEVEN = 11
    TWELVE = 12
    PLUS2 = 13
    PLUS4 = 14
    PLUS6 = 15
    PLUS8 = 16
    PLUS10 = 17
    TIMES2 = 18
    FREEZE = 19
    FLIP_THREE = 20
    SECOND_CHANCE = 21


#: the highest number card and the first action card: kinds compare by value
LAST_NUMBER = Card.TWELVE
FIRST_ACTION = Card.FREEZE
#: read on every score; a module name is far cheaper to look up than an Enum member
TIMES2 = Card.TIMES2
#: every kind, in value order; ``counts[card]`` indexes a tuple built in this order
KINDS: tuple[Card, ...] = tuple(Card)
NUMBERS: tuple[Card, ...] = tuple(c for c in Card if c <= LAST_NUMBER)
MODIFIERS: tuple[Card, ...] = (
    Card.PLUS2,
    Card.PLUS4,
    Card.PLUS6,
    Card.PLUS8,
    Card.PLUS10,
    Card.TIMES2,
)
ACTIONS: tuple[Card, ...] = (Card.FREEZE, Card.FLIP_THREE, Card.SECOND_CHANCE)
#: what each + card adds; ×2 is not here because it doubles instead
PLUS_VALUE: dict[Card, int] = {
    Card.PLUS2: 2,
    Card.PLUS4: 4,
    Card.PLUS6: 6,
    Card.PLUS8: 8,
    Card.PLUS10: 10,
}

#: seven different numbers in a row end the round with this bonus
FLIP_SEVEN = 7
FLIP_SEVEN_BONUS = 15
#: the game ends after a round in which someone's total reaches this
GOAL = 200
#: how many copies of each action card the table deck holds
ACTION_COPIES = 3


def is_number(card: Card) -> bool:
    return card <= LAST_NUMBER


def is_action(card: Card) -> bool:
    return card >= FIRST_ACTION


def copies(card: Card, with_actions: bool) -> int:
    """How many of ``card`` a full deck holds: a number n has n copies (0 and 1 have one)."""
    if is_number(card):
        return max(int(card), 1)
    if is_action(card):
        return ACTION_COPIES if with_actions else 0
    return 1


def full_deck(with_actions: bool) -> tuple[Card, ...]:
    """The unshuffled deck: 85 cards for the solo challenge, 94 with the table game's actions."""
    return tuple(card for card in KINDS for _ in range(copies(card, with_actions)))


#: what each kind adds as a + card (0 for every other kind), indexed by ``Card``
PLUS_BY_KIND: tuple[int, ...] = tuple(PLUS_VALUE.get(card, 0) for card in KINDS)

#: the most a round can score: the seven highest numbers doubled, every + card, the bonus
MAX_ROUND_SCORE = 2 * sum(range(LAST_NUMBER, LAST_NUMBER - FLIP_SEVEN, -1)) + 30 + FLIP_SEVEN_BONUS

#: the two decks, built once
SOLO_DECK = full_deck(with_actions=False)
TABLE_DECK = full_deck(with_actions=True)


def row_score(numbers: tuple[Card, ...], modifiers: tuple[Card, ...]) -> int:
    """What a row that has not bust banks."""
    plus = sum([PLUS_VALUE.get(card, 0) for card in modifiers]) if modifiers else 0
    return score_of(sum(numbers), len(numbers), plus, TIMES2 in modifiers)


def score_of(total: int, count: int, plus: int, double: bool) -> int:
    """The score from a row's number sum and count, + cards and ×2, as the odds search keeps it.

    The ×2 doubles the number sum only, so the + cards and the Flip 7 bonus come after it.
    """
    score = (2 * total if double else total) + plus
    return score + FLIP_SEVEN_BONUS if count == FLIP_SEVEN else score


def label(card: Card) -> str:
    """How the card is printed: ``7``, ``+4``, ``×2``, ``Freeze``."""
    if is_number(card):
        return str(int(card))
    if card in PLUS_VALUE:
        return f"+{PLUS_VALUE[card]}"
    return _NAMES[card]


_NAMES = {
    Card.TIMES2: "×2",
    Card.FREEZE: "Freeze",
    Card.FLIP_THREE: "Flip Three",
    Card.SECOND_CHANCE: "Second Chance",
}
