"""Real game records and statistics rows for the storage tests."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from game.engine import Match, Phase, preset_rules
from game.engine.cards import iter_ids
from game.engine.record import match_record_json, record_json
from game.storage.stats import GameRow, MatchRow


def play_match(preset: str = "standard", players: int | None = None, seed: int = 1, games: int = 2) -> Match:
    """A match played to its end by random legal moves (random gifts in the exchange)."""
    rules = preset_rules(preset, players)
    match = Match(rules, seed, games=games)
    rng = random.Random(seed)
    while True:
        game = match.game
        while game.result is None:
            if game.phase is Phase.EXCHANGE:
                gift = game.pending[0]
                cards = 0
                for cid in rng.sample(list(iter_ids(game.hands[gift.giver])), gift.count):
                    cards |= 1 << cid
                game.give(gift.giver, cards)
            else:
                game.play(rng.choice(game.move_list()))
        if match.record_result() is not None:
            return match
        match.next_game()


def game_record(match: Match, index: int = 0) -> dict[str, Any]:
    return record_json(match.rules, [match.games[index]])


def match_record(match: Match) -> dict[str, Any]:
    return match_record_json(match)


def row(
    played_at: str = "2025-01-01T00:00:00Z",
    *,
    preset: str = "standard",
    players: int = 4,
    level: str | None = "normal",
    place: int = 0,
    points: int | None = None,
    **changes: Any,
) -> GameRow:
    """A valid row: the human in seat 0, computers of ``level`` elsewhere."""
    titles = preset_rules(preset, players).titles
    title = titles[place].value
    base = GameRow(
        played_at=played_at,
        preset=preset,
        rules=preset_rules(preset, players).switches(),
        players=players,
        opponents=[None] + [level] * (players - 1),
        human_seat=0,
        place=place,
        title=title,
        points=preset_rules(preset, players).points_for(place, titles[place]) if points is None else points,
        duration_s=60.0,
    )
    return replace(base, **changes)


def match_row(finished_at: str = "2025-01-01T01:00:00Z", **changes: Any) -> MatchRow:
    base = MatchRow(
        started_at="2025-01-01T00:00:00Z",
        finished_at=finished_at,
        preset="standard",
        players=4,
        games=5,
        human_total=4,
        human_rank=0,
        totals=[4, 1, -2, -3],
        opponents=[None, "normal", "normal", "normal"],
    )
    return replace(base, **changes)
