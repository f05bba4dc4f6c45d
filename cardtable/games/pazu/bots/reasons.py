"""The hard bot's reasons, as its hint tells them: the moves in the words of the table's
buttons and the rules (Bid, Pick, Ante, Stand, End turn, Next set), every figure said in chips
or left out."""

from __future__ import annotations

from typing import Any

from cardtable.games.pazaak.cards import Card, Kind, label
from cardtable.games.pazaak.describe import move_clause, move_name
from cardtable.games.pazu.actions import Bid, Leave, Pick, SetAnte, Stay
from cardtable.games.pazu.bots.odds import card_worth, worth_to_hand
from cardtable.games.pazu.view import PazuView


def move_words(view: PazuView, action: Any) -> str:
    """A move of any phase in the table's words: "Bid 3", "Pick ±4", "Ante 10", "Stand"."""
    if isinstance(action, Bid):
        return f"Bid {action.amount}"
    if isinstance(action, Pick):
        return f"Pick {label(action.card)}"
    if isinstance(action, SetAnte):
        return f"Ante {action.amount}"
    if isinstance(action, Stay):
        return "Next set"
    if isinstance(action, Leave):
        return "Leave"
    return move_name(action, view.hand or ())


def turn_reason(view: PazuView, legal: tuple[Any, ...], action: Any, values: list[float]) -> str:
    """The move and its expected chips against the next best move."""
    assert view.hand is not None
    move = move_name(action, view.hand)
    if not values:
        return f"{move}: no draw can bust you and no hand card is worth spending yet"
    best = values[legal.index(action)]
    # a second copy of the same card is the same move in words: compare with a different one
    rivals = sorted(
        (v, move_clause(a, view.hand))
        for a, v in zip(legal, values, strict=True)
        if move_name(a, view.hand) != move
    )
    line = f"{move}: about {best:+.1f} chips from this set"
    if rivals:
        value, other = rivals[-1]
        line += f", {value:+.1f} if you {other}"
    return line + " (pots won, less bust penalties and hand cards played)"


def does(card: Card) -> str:
    """What a hand card can do for a board, in the rules' terms."""
    n = card.amount
    match card.kind:
        case Kind.DUAL:
            return f"it can add or take away {n}"
        case Kind.VARIABLE:
            return "it can add or take away 1 or 2"
        case Kind.TIEBREAKER:
            return "it can add or take away 1, and wins a tied set"
        case Kind.MINUS:
            return f"it can take {n} off a total over 20"
        case Kind.PLUS:
            return f"it can add {n} to a total short of 20"
        case Kind.DOUBLE:
            return "it doubles the last card on your board"
    turned = "2s and 4s" if card.kind is Kind.FLIP_2_4 else "3s and 6s"
    return f"it turns round the sign of the {turned} on your board"


def pick_reason(view: PazuView, card: Card) -> str:
    """Why ``card`` of those on offer: what it does, and a better kind passed over because the
    hand already holds one like it."""
    hand = view.hand or ()
    line = (
        f"Pick {label(card)}: of the cards on offer it is the most use to your hand: {does(card)}"
    )
    passed = [c for c in view.revealed if card_worth(c) > card_worth(card)]
    if passed and all(worth_to_hand(c, hand) < card_worth(c) for c in passed):
        line += f" (you already hold a card like the {label(passed[0])})"
    return line


def bid_reason(view: PazuView, amount: int, ceiling: int) -> str:
    """Why this bid for the pick order: what an earlier pick is worth to the hand, against the
    chips the bid costs; ``ceiling`` is the most the bot would bid, keeping chips for the ante."""
    if not view.revealed:
        return f"Bid {amount}: no card is left to pick, so a bid buys only the first turn"
    if amount == 0 and ceiling == 0:
        return "Bid 0: keep your chips for the highest ante and a bust penalty at it"
    if amount == 0:
        return "Bid 0: picking earlier is not worth the chips a higher bid would cost"
    return (
        f"Bid {amount}: the earlier pick it should win you is worth more to your hand than the "
        f"{amount} chips it costs"
    )


def ante_reason(amount: int, deep: bool) -> str:
    """Why a high or a low ante: the hand cards held against the table's."""
    if deep:
        return (
            f"Ante {amount}: you hold as many hand cards as the others on average, or more, "
            "so a high stake suits you"
        )
    return (
        f"Ante {amount}: you hold fewer hand cards than the others on average, "
        "so a low stake suits you"
    )
