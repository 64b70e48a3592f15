"""Strong's exchange gift: the cards given stay in play, and the card that leads every game is kept."""

from __future__ import annotations

import dataclasses

import pytest

from ai.strong import best_gift, ranked_gifts
from game.engine import Game, Observation, Phase, RuleSet, observe, parse_cards, preset_rules
from game.engine.rules import LaterLeader

UECDA = preset_rules("uecda")
LED_BY_CLASS = dataclasses.replace(UECDA, later_leader=LaterLeader.LOWEST_CLASS)


def daifugo_exchange(rules: RuleSet, hand: str) -> Observation:
    """The exchange as seen by the 大富豪 dealt ``hand`` (it gives two after receiving the 大貧民's best two)."""
    mine = parse_cards(hand)
    rest = [c for c in range(53) if not mine >> c & 1]
    hands = [mine] + [sum(1 << c for c in rest[i::4]) for i in range(4)]
    obs = observe(Game.from_hands(rules, hands, previous_places=[0, 1, 2, 3, 4]), 0)
    assert obs.state.phase is Phase.EXCHANGE and obs.hand.bit_count() == 15
    return obs


def gift_of(rules: RuleSet, hand: str) -> int:
    return best_gift(daifugo_exchange(rules, hand))


def test_the_daifugo_keeps_the_card_that_leads_every_game() -> None:
    hand = "3D 4H 6C 7S 9D TH JS QC KD AS 2H 2S JK"
    # the ♦3's holder leads every UECda game
    assert UECDA.lead_card is not None and 1 << UECDA.lead_card == parse_cards("3D")
    assert gift_of(UECDA, hand) == parse_cards("4H 6C")
    # where the lowest class leads, the ♦3 is only the weakest card
    assert LED_BY_CLASS.lead_card is None
    assert gift_of(LED_BY_CLASS, hand) == parse_cards("3D 4H")


@pytest.mark.parametrize("rules", [UECDA, LED_BY_CLASS], ids=["uecda", "led by class"])
def test_the_spade_3_that_guards_the_joker_is_not_handed_to_the_receiver(rules: RuleSet) -> None:
    # with the ♠3 in hand the lone joker is a sure trick; given away, the ♠3 beats it (スペ3返し)
    assert gift_of(rules, "3S 4H 6C 7S 9D TH JS QC KD AS 2H 2S JK") == parse_cards("4H 6C")
    no_return = dataclasses.replace(rules, spade3_return=False)
    assert gift_of(no_return, "3S 4H 6C 7S 9D TH JS QC KD AS 2H 2S JK") == parse_cards("3S 4H")


def test_the_ranked_gifts_begin_with_the_best_gift_and_hold_no_duplicates() -> None:
    obs = daifugo_exchange(UECDA, "3D 4H 6C 7S 9D TH JS QC KD AS 2H 2S JK")
    ranked = ranked_gifts(obs, 6)
    assert ranked[0] == best_gift(obs) and len(set(ranked)) == 6
    assert all(gift.bit_count() == 2 and gift & obs.hand == gift for gift in ranked)
    assert not any(gift & parse_cards("3D") for gift in ranked[:3])
