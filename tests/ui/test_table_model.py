"""The shown table follows the public state each event carries."""

from __future__ import annotations

import random

from game.engine import Game, Match, parse_cards, preset_rules
from game.engine.events import Exchanged, visible_to
from game.ui.table.model import TableModel


def test_a_hidden_two_card_gift_moves_two_cards_on_the_table() -> None:
    """The 大貧民's gift to the 大富豪 is hidden from the others, but its size is not."""
    match = Match(preset_rules("standard", 4), seed=5)
    game = match.game
    rng = random.Random(1)
    while not game.over:
        game.play(rng.choice(list(game.legal_moves())))
    game = match.next_game()
    places = game.previous_places
    assert places is not None
    daifugo, daihinmin = places[0], places[-1]
    watcher = places[1]  # sees neither card of the 大貧民's gift
    model = TableModel.at_deal(game, watcher)
    gift = next(e for e in game.setup_events if isinstance(e, Exchanged) and e.giver == daihinmin)
    for event in game.setup_events:
        model.apply(visible_to(event, watcher))
        if event is gift:
            break
    seen = visible_to(gift, watcher)
    assert isinstance(seen, Exchanged) and seen.cards == 0
    dealt = game.deal.hands
    assert model.seats[daihinmin].count == dealt[daihinmin].bit_count() - 2
    assert model.seats[daifugo].count == dealt[daifugo].bit_count() + 2


def test_the_table_shows_each_moment_of_a_play() -> None:
    """A revolution that also cuts: the order turns at its banner, the trick clears at the sweep."""
    hands = [parse_cards(h) for h in ("8S 8H 8D 8C 2C", "KS 3D", "AS 3C")]
    game = Game.from_hands(preset_rules("standard", 3), hands, leader=0)
    model = TableModel.of(game, 0)
    events = game.play(game.resolve(parse_cards("8S 8H 8D 8C")))
    names = [type(e).__name__ for e in events]
    assert names == ["Played", "Revolution", "EightCut", "TrickCleared"]
    seen = []
    for event in events:
        model.apply(event)
        seen.append((len(model.trick), model.revolution, model.seats[0].count))
    assert seen == [(1, False, 1), (1, True, 1), (1, True, 1), (0, True, 1)]
    assert model.turn == 0
