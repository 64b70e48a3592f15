"""Small helpers to set up hand-made positions and act in them by card codes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine import PASS, Game, Move, Play, parse_cards, preset_rules
from game.engine.cards import parse_card_id, parse_place_id
from game.engine.events import Event


def game_of(
    preset: str,
    hands: Sequence[str],
    *,
    overrides: dict[str, Any] | None = None,
    previous: Sequence[int] | None = None,
    leader: int | None = 0,
    stocks: Sequence[str] | None = None,
    pile: str | None = None,
) -> Game:
    """A game with the given hands (one string of card codes per seat)."""
    rules = preset_rules(preset, len(hands), overrides)
    return Game.from_hands(
        rules,
        [parse_cards(h) for h in hands],
        stocks=[[parse_card_id(c) for c in s.split()] for s in stocks] if stocks is not None else None,
        pile=[parse_card_id(c) for c in pile.split()] if pile is not None else None,
        previous_places=previous,
        leader=leader,
    )


def act(game: Game, text: str) -> list[Event]:
    """Play ``text`` for the seat to act: ``pass``, or codes with an optional ``JK=7S``."""
    if text == "pass":
        return game.play(PASS)
    codes, joker_as = [], []
    for word in text.split():
        if word.upper().startswith("JK="):
            codes.append("JK")
            joker_as.append(parse_place_id(word[3:]))
        else:
            codes.append(word)
    return game.play(game.resolve(parse_cards(codes), joker_as))


def names(events: Sequence[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def run(game: Game, *moves: str) -> list[Event]:
    """Several actions in turn order; all their events."""
    out: list[Event] = []
    for move in moves:
        out += act(game, move)
    return out


def played(move: Move | None) -> int:
    """The cards of a move that must be a play (a failed assertion otherwise)."""
    assert isinstance(move, Play), f"{move!r} is not a play"
    return move.cards
