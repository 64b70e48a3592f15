"""The official UECda server's game log, read and turned into our game records.

The C server (``tndhms``, with ``FLAG_LOGGER yes``) writes one file per match:
a header of ``%-----%NAME% value`` lines (the player names and the rule
settings), then five lines per game, the game number (from 0) between ``%``::

    %00001%mibun% 02341                      class of each player number (all 2: no classes yet)
    %00001%seat% 32041                       the player number in each seat, in playing order
    %00001%palyer_cards% S3SJ... STSK... ... each player's hand as dealt, before the exchange
    %00001%play%  2CTCJCQEE 0EE 4HKLAH2EE    every action: the player number, the cells sent, EE
    %00001%result% 01432                     players from 1st to 5th

A cell is a suit letter and a rank letter.  Suits ``S H D C`` are rows 0-3;
a joker is ``K L M N`` (a 2 in row 0-3: it stands for that suit) or ``J``
(row 4: the fifth card of a group of five; ``J3`` in a hand).  Ranks are
``3 4 5 6 7 8 9 T J Q K A 2`` (columns 1-13) and ``x`` for column 0 or 14,
where a joker stands below the 3 or above the 2 at the end of a sequence
(which end the other cards tell).  A token with no cells is a pass.

The log does not show the exchange, but every card a player holds after it
is played during the game (the last player's are the cards nobody played), so
``game_record`` works out what the upper classes gave.  The server writes a
play before judging it: a play it refused counts as a pass (``refused``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine import Game, IllegalMove, preset_rules
from game.engine.cards import JOKER_IDS, deck_mask, format_cards, iter_ids, place_id, strongest_cards
from game.engine.plays import PASS, Move
from game.engine.record import record_json
from game.engine.rules import RuleSet

from .protocol import PLAYERS

SUITS = "SHDC"
JOKER_ROWS = "KLMNJ"
"""The suit letter of a joker in row 0..4 of a play (``J`` with rank ``3`` is the joker in a hand)."""
RANKS = "x3456789TJQKA2x"
"""The rank letter of columns 0..14."""
_LINE = re.compile(r"^%(\d{5}|-----)%([A-Za-z_0-9]+)%\s?(.*)$")

SETTING_SWITCHES: dict[str, tuple[str, ...]] = {
    "RULE_KAKUMEI": ("revolution",),
    "RULE_SHIBARI": ("lock",),
    "RULE_KAIDAN": ("sequences",),
    "RULE_8GIRI": ("eight_cut",),
    "RULE_11BACK": ("j_back", "j_back_sequence"),
    "RULE_CHANGE": ("exchange",),
}
"""Server settings that map onto our switches (``YES``/``NO``)."""
UNSUPPORTED_SETTINGS = ("RULE_5TOBI", "RULE_6REVERS")
"""Settings with no counterpart in our rules: a log that turns one on cannot be replayed."""


class LogError(ValueError):
    """A log that cannot be read (the message names the line)."""


@dataclass(frozen=True, slots=True)
class LoggedAction:
    player: int
    cards: int
    """The cards sent (0: a pass)."""
    joker_as: tuple[int, ...] = ()
    """What the joker stands for (``cards.place_id``), when the cells say."""


@dataclass(frozen=True, slots=True)
class LoggedGame:
    number: int
    """The game number in the log (from 0)."""
    classes: tuple[int, ...] | None
    """Class by player number (0 大富豪 ... 4 大貧民); None in a game without classes."""
    seating: tuple[int, ...]
    """The player number in each seat."""
    hands: tuple[int, ...]
    """Each player's hand as dealt, by player number."""
    actions: tuple[LoggedAction, ...]
    result: tuple[int, ...]
    """Player numbers from 1st to 5th."""


@dataclass
class OfficialLog:
    names: tuple[str, ...]
    settings: dict[str, str]
    games: list[LoggedGame] = field(default_factory=list)

    def rules(self) -> RuleSet:
        """The ``uecda`` rules with the switches the server's settings change."""
        for name in UNSUPPORTED_SETTINGS:
            if self.settings.get(name, "NO") != "NO":
                raise LogError(f"the log was played with {name} {self.settings[name]}, which our rules do not have")
        overrides: dict[str, object] = {}
        for name, switches in SETTING_SWITCHES.items():
            value = self.settings.get(name)
            if value is not None:
                for switch in switches:
                    overrides[switch] = value == "YES"
        return preset_rules("uecda", PLAYERS, overrides)

    def finished(self) -> list[LoggedGame]:
        """The games played to their end (a log cut short ends with a game without its result)."""
        return [game for game in self.games if len(game.result) == len(self.names)]

    def points(self) -> list[tuple[int, ...]]:
        """Each finished game's points by player number (the rules' points for each place)."""
        rules = self.rules()
        table = []
        for game in self.finished():
            points = [0] * len(self.names)
            for place, player in enumerate(game.result):
                points[player] = rules.points_for(place, rules.titles[place])
            table.append(tuple(points))
        return table


@dataclass(frozen=True, slots=True)
class Conversion:
    record: dict[str, Any]
    """A game record (docs/game-record.md) of one logged game, seats in playing order."""
    places: tuple[int, ...]
    """The server's result as seats from 1st to last."""
    refused: tuple[int, ...] = ()
    """Indexes of the logged actions the rules refuse (the server counted them as passes)."""


# --- reading -------------------------------------------------------------------------


def parse_log(text: str) -> OfficialLog:
    """Read a whole log; ``LogError`` names the first line that cannot be read."""
    names: tuple[str, ...] = ()
    settings: dict[str, str] = {}
    parts: dict[int, dict[str, str]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        match = _LINE.match(line.rstrip())
        if match is None:
            raise LogError(f"line {number}: not a line of the official server's log: {line[:60]!r}")
        game, key, value = match.groups()
        if game == "-----":
            if key == "palyer_name":  # sic, as the server writes it
                names = tuple(value.split())
            else:
                settings[key] = value.strip()
            continue
        parts.setdefault(int(game), {})[key] = value
    log = OfficialLog(names, settings)
    for game, lines in sorted(parts.items()):
        try:
            log.games.append(_game(game, lines))
        except LogError as error:
            raise LogError(f"game {game}: {error}") from None
    return log


def _game(number: int, lines: dict[str, str]) -> LoggedGame:
    missing = [key for key in ("mibun", "seat", "palyer_cards", "play", "result") if key not in lines]
    if missing:
        raise LogError(f"no {missing[0]!r} line")
    classes = _digits(lines["mibun"], "mibun")
    seating = _digits(lines["seat"], "seat")
    result = _digits(lines["result"], "result")
    for name, values in (("seat", seating), ("result", result)):
        if sorted(values) != list(range(PLAYERS)):
            raise LogError(f"the {name} line {''.join(map(str, values))} is not the players 0..4")
    hands = lines["palyer_cards"].split()
    if len(hands) != PLAYERS:
        raise LogError(f"{len(hands)} hands, not {PLAYERS}")
    return LoggedGame(
        number=number,
        classes=None if len(set(classes)) == 1 else classes,
        seating=seating,
        hands=tuple(_hand(text) for text in hands),
        actions=tuple(_action(token) for token in lines["play"].split()),
        result=result,
    )


def _digits(text: str, what: str) -> tuple[int, ...]:
    value = text.strip()
    if len(value) != PLAYERS or not value.isdigit() or any(int(d) >= PLAYERS for d in value):
        raise LogError(f"the {what} line {value!r} is not five digits 0..4")
    return tuple(int(d) for d in value)


def _cells(text: str) -> list[tuple[str, str]]:
    if len(text) % 2:
        raise LogError(f"{text!r} is not a list of two-letter cells")
    return [(text[i], text[i + 1]) for i in range(0, len(text), 2)]


def _hand(text: str) -> int:
    cards = 0
    for suit, rank in _cells(text):
        if suit == "J" and rank == "3":
            cards |= 1 << JOKER_IDS[0]
        elif suit in SUITS and rank in RANKS[1:14]:
            cards |= 1 << place_id(RANKS.index(rank, 1) - 1, SUITS.index(suit))
        else:
            raise LogError(f"{suit + rank!r} is not a card of a hand")
    return cards


def _action(token: str) -> LoggedAction:
    if len(token) < 3 or not token[0].isdigit() or int(token[0]) >= PLAYERS or not token.endswith("EE"):
        raise LogError(f"{token!r} is not an action (a player number, cells, EE)")
    player = int(token[0])
    cells = _cells(token[1:-2])
    cards = 0
    joker: tuple[int, str] | None = None
    for suit, rank in cells:
        if rank not in RANKS:
            raise LogError(f"{token!r}: unknown rank {rank!r}")
        if suit in JOKER_ROWS:
            if joker is not None:
                raise LogError(f"{token!r}: two jokers")
            joker = (JOKER_ROWS.index(suit), rank)
        elif suit in SUITS and rank != "x":
            cards |= 1 << place_id(RANKS.index(rank, 1) - 1, SUITS.index(suit))
        else:
            raise LogError(f"{token!r}: {suit + rank!r} is not a card")
    if joker is None:
        return LoggedAction(player, cards)
    row, rank = joker
    cards_with_joker = cards | 1 << JOKER_IDS[0]
    if not cards or row == 4:
        return LoggedAction(player, cards_with_joker)
    if rank == "x":
        # Column 0 (below the 3) or 14 (above the 2): the other cards of the sequence tell.
        low = min(c >> 2 for c in iter_ids(cards))
        column = 0 if low <= 6 else 14
    else:
        column = RANKS.index(rank, 1)
    return LoggedAction(player, cards_with_joker, (place_id(column - 1, row),))


# --- turning a game into a record ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LoggedDecision:
    """One logged decision in its position: a gift in the exchange or an action in the play."""

    game: Game
    """The game just before the decision (the replay goes on in this same object)."""
    seat: int
    move: Move | None
    """The action as our rules read it (PASS for a play the referee refused); None for a gift."""
    gift: int = 0
    """The cards given, for a gift."""
    refused: bool = False
    """The referee refused the play sent (it counted as a pass)."""


def replay(log: OfficialLog, game: LoggedGame) -> Iterator[LoggedDecision]:
    """Every decision of ``game`` in its position (seats in playing order): the upper classes'
    gifts, then the actions.  ``LogError`` when the game cannot be replayed under our rules: the
    log's settings are not ours, the game ended by the 20-passes rule (several players still held
    cards), or a player passed while leading."""
    rules = log.rules()
    seat_of = {player: seat for seat, player in enumerate(game.seating)}
    dealt = [game.hands[player] for player in game.seating]
    held = _held_after_exchange(game, dealt, seat_of, rules)
    previous: list[int] | None = None
    exchange: list[tuple[int, int]] = []
    if game.classes is not None:
        classes = game.classes
        previous = sorted(range(PLAYERS), key=lambda seat: classes[game.seating[seat]])
        if rules.exchange:
            exchange = _chosen_gifts(dealt, held, previous)
    state = Game.from_hands(rules, dealt, previous_places=previous)
    for seat, cards in exchange:
        yield LoggedDecision(state, seat, None, gift=cards)
        state.give(seat, cards)
    for index, action in enumerate(game.actions):
        seat = seat_of[action.player]
        if state.over:
            raise LogError(f"action {index} ({action.player}) comes after the game ended")
        if seat != state.turn:
            raise LogError(f"action {index}: player {action.player} acts, our rules expect seat {state.turn}")
        move = PASS if not action.cards else _legal_play(state, action)
        refused = move is None
        if move is None:
            move = PASS
        if move is PASS and state.top is None:
            raise LogError(f"action {index}: player {action.player} passes while leading, which our rules forbid")
        yield LoggedDecision(state, seat, move, refused=refused)
        state.play(move)


def game_record(log: OfficialLog, game: LoggedGame) -> Conversion:
    """A game record of ``game`` (seats in playing order) and the server's places by seat;
    ``LogError`` when it cannot be replayed (see ``replay``)."""
    refused: list[int] = []
    state: Game | None = None
    actions = 0
    for decision in replay(log, game):
        state = decision.game
        if decision.move is not None:
            if decision.refused:
                refused.append(actions)
            actions += 1
    if state is None:  # pragma: no cover - every logged game has actions
        raise LogError("no actions")
    record = record_json(log.rules(), [state])
    del record["games"][0]["leader"]  # the rules choose the leader (the ♦3), as the server does
    record["uecda_log"] = {"game": game.number, "seating": list(game.seating),
                           "names": [log.names[p] if p < len(log.names) else "" for p in game.seating]}
    seat_of = {player: seat for seat, player in enumerate(game.seating)}
    return Conversion(record, tuple(seat_of[p] for p in game.result), tuple(refused))


def _legal_play(game: Game, action: LoggedAction) -> Any:
    try:
        return game.resolve(action.cards, action.joker_as)
    except IllegalMove:
        return None


def _held_after_exchange(game: LoggedGame, dealt: Sequence[int], seat_of: dict[int, int], rules: RuleSet) -> list[int]:
    """Each seat's hand when play began: what it played, and for the one left holding cards, the rest."""
    held = [0] * PLAYERS
    for action in game.actions:
        held[seat_of[action.player]] |= action.cards
    deck = deck_mask(rules.jokers)
    everything = 0
    for cards in held:
        everything |= cards
    rest = deck & ~everything
    if rest:
        last = seat_of[game.result[-1]]
        played_out = [s for s in range(PLAYERS) if s != last]
        counts = [d.bit_count() for d in dealt]
        if sum(held[s].bit_count() for s in played_out) != sum(counts[s] for s in played_out):
            raise LogError("the game ended with several players holding cards (the 20-passes rule?)")
        held[last] |= rest
    return held


def _chosen_gifts(dealt: Sequence[int], held: Sequence[int], previous: Sequence[int]) -> list[tuple[int, int]]:
    """The cards the upper classes gave (seat, cards), from the hands as dealt and as held when play began."""
    hands = list(dealt)
    gifts = []
    for place, count in ((0, 2), (1, 1)):
        upper, lower = previous[place], previous[PLAYERS - 1 - place]
        taken = strongest_cards(hands[lower], count)
        hands[lower] &= ~taken
        hands[upper] |= taken
        given = hands[upper] & ~held[upper]
        if given.bit_count() != count or given & ~hands[upper]:
            raise LogError(f"seat {upper} cannot have given {count} card(s): it played {format_cards(held[upper])}")
        gifts.append((upper, given))
    return gifts


def convert(log: OfficialLog, games: Iterable[LoggedGame] | None = None) -> list[Conversion | LogError]:
    """Every game of ``log`` as a record, or the reason it cannot be one."""
    out: list[Conversion | LogError] = []
    for game in log.games if games is None else games:
        try:
            out.append(game_record(log, game))
        except LogError as error:
            out.append(LogError(f"game {game.number}: {error}"))
    return out


__all__ = [
    "Conversion",
    "LogError",
    "LoggedAction",
    "LoggedDecision",
    "LoggedGame",
    "OfficialLog",
    "convert",
    "game_record",
    "parse_log",
    "replay",
]
