"""The rules of Daifugō: pure Python, standard library only, never pygame.

The public API, re-exported here:

* cards: ``Card``, ``parse_cards``, ``format_cards``... (card sets are int bitmasks)
* rules: ``RuleSet``, ``preset_rules``, ``PRESETS``, ``Title``...
* plays: ``Play``, ``PASS``, ``Move``, ``Kind``
* a game: ``Game`` (checked ``play``/``verify``/``can``, unchecked ``apply``/``clone``,
  ``from_position``), its public part declared once: ``PublicState`` (``Game.public()``,
  ``event.state``) and its mutable twin ``State``; its history of ``Turn`` and ``Gift`` entries
* a player's view: ``observe`` and ``Observation.sample``; ``moves_for`` a hand in a state
* what a play does: ``game.engine.effects``
* several games: ``Match``
* a match decision by decision (the one loop every table, arena and server uses): ``game.engine.runner``
* records: ``game.engine.record``
* compiled copies of the modules the search spends its time in: ``game.engine.native``
"""

from .native import extend_path

extend_path(__name__, __path__)  # compiled modules first, when built from these sources (``native``)

from .cards import CARDS, Card, card_code, card_codes, cards_of, format_cards, format_symbols, mask_of, parse_cards
from .errors import IllegalMove, Reason
from .events import Event
from .game import Game, LegalMoves
from .legality import moves_for
from .match import Match
from .observation import Observation, observe
from .plays import PASS, Kind, Move, Pass, Play
from .rules import PRESET_IDS, PRESETS, PresetId, RuleError, RuleSet, Title, preset_rules
from .state import Entry, Gift, Phase, PublicState, PublicView, State, Turn

__all__ = [
    "CARDS",
    "PASS",
    "PRESETS",
    "PRESET_IDS",
    "Card",
    "Entry",
    "Event",
    "Game",
    "Gift",
    "IllegalMove",
    "Kind",
    "LegalMoves",
    "Match",
    "Move",
    "Observation",
    "Pass",
    "Phase",
    "Play",
    "PresetId",
    "PublicState",
    "PublicView",
    "Reason",
    "RuleError",
    "RuleSet",
    "State",
    "Title",
    "Turn",
    "card_code",
    "card_codes",
    "cards_of",
    "format_cards",
    "format_symbols",
    "mask_of",
    "moves_for",
    "observe",
    "parse_cards",
    "preset_rules",
]
