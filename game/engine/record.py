"""Game records (棋譜): write any game or match as JSON, read, replay and check one.

The format is ``docs/game-record.md``.  As a program this module is the
checker::

    python -m game.engine.record FILE.json

prints ``{"valid": true, "games": [...]}`` (exit 0), the first illegal action
(exit 1), or, for a malformed record, a message naming the field on stderr
(exit 2).  ``-`` reads the record from standard input.  A record is UTF-8
(a byte-order mark is allowed) and at most ``MAX_RECORD_BYTES``; nothing in
it can make the checker fail other than with one of these answers.
"""

from __future__ import annotations

import bisect
import itertools
import json
import os
import re
import reprlib
import stat
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .cards import JOKER_IDS, JOKER_MASK, card_codes, parse_card_id, parse_place_id
from .errors import IllegalMove
from .events import Event
from .game import Game, Phase
from .match import Match, next_deal
from .plays import PASS, SINGLE, Play
from .rules import PRESETS, RuleError, RuleSet, Title, preset_rules
from .state import GiftKind, Turn

FORMAT = "daifugo-record/1"
MAX_RECORD_BYTES = 64 << 20
"""A record file larger than this is refused (a long match is a few hundred kilobytes)."""
MAX_DEPTH = 16
"""JSON nesting a record may have (it needs 6: record, games, game, exchange, gift, cards)."""
_TITLE_ORDER = {t: i for i, t in enumerate(Title)}
_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxlong, _REPR.maxother = 2, 40, 40, 40
_REPR.maxlist = _REPR.maxdict = 4


class RecordError(ValueError):
    """A malformed record; the message starts with the path of the bad field."""


class LongNumber:
    """A JSON number with more digits than Python reads (``sys.get_int_max_str_digits``): never valid."""

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"<a number of {self.digits} digits>"


def _shown(value: Any) -> str:
    """A short ``repr`` of a value from a record, for a message (deep or huge values are cut)."""
    return _REPR.repr(value)


def _cut(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    cards: int | None
    """The card set played, None for a pass."""
    joker_as: tuple[int, ...] = ()
    handoff: GiftKind | None = None
    """Set when ``cards`` are handed on (7渡し) or discarded (10捨て) rather than played."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game of a record, as written."""

    hands: tuple[int, ...]
    previous_classes: tuple[Title, ...] | None = None
    exchange: tuple[tuple[int, int], ...] = ()
    leader: int | None = None
    stocks: tuple[tuple[int, ...], ...] | None = None
    pile: tuple[int, ...] | None = None
    actions: tuple[Action, ...] = ()


@dataclass(frozen=True, slots=True)
class Record:
    rules: RuleSet
    games: tuple[GameSpec, ...]

    @property
    def actions(self) -> tuple[int, ...]:
        """The number of actions of each game."""
        return tuple(len(spec.actions) for spec in self.games)

    def spec(self, index: int) -> GameSpec:
        return self.games[index]


@dataclass(frozen=True, slots=True)
class RecordText:
    """A record held as the JSON text of each of its games, each parsed when it is needed (``spec``).

    A long match parsed whole is millions of small objects: seconds to build,
    hundreds of megabytes, and a pause of the garbage collector whenever it
    looks at them all.  Its games' text is one string each.  Built by
    ``read_record``, which has checked the shape of every game.
    """

    rules: RuleSet
    texts: tuple[str, ...]
    actions: tuple[int, ...]
    """The number of actions of each game."""

    def spec(self, index: int) -> GameSpec:
        return _parse_game(self.rules, loads(self.texts[index]), f"games[{index}]")


Games = Record | RecordText
"""A parsed record, whole or game by game: its ``rules``, ``actions`` counts and each game's ``spec``."""


@dataclass
class IllegalAction(Exception):
    """An action (or exchange gift) of a record that breaks the rules."""

    game: int
    index: int
    reason: str
    where: str = "action"

    def to_json(self) -> dict[str, Any]:
        return {"valid": False, "game": self.game, self.where: self.index, "reason": self.reason}


@dataclass
class Replay:
    """A record replayed: the games as played (the last may be unfinished)."""

    rules: RuleSet
    games: list[Game] = field(default_factory=list)


# --- writing ----------------------------------------------------------------


def rules_json(rules: RuleSet) -> dict[str, Any]:
    return {"preset": rules.preset, "players": rules.players, "overrides": rules.overrides()}


def game_json(game: Game) -> dict[str, Any]:
    """One game as a record entry: its deal, then its history in order."""
    entry: dict[str, Any] = {"hands": [card_codes(h) for h in game.deal.hands]}
    titles = game.previous_titles
    if titles is not None:
        entry["previous_classes"] = [t.value for t in titles]
    exchange: list[dict[str, Any]] = []
    actions: list[dict[str, Any]] = []
    for item in game.history:
        if isinstance(item, Turn):
            actions.append(action_json(item.seat, item.move))
        elif item.kind is GiftKind.EXCHANGE:
            if item.chosen:
                exchange.append({"seat": item.giver, "give": card_codes(item.cards)})
        else:
            actions.append({"seat": item.giver, _HANDOFF_KEYS[item.kind]: card_codes(item.cards)})
    if exchange:
        entry["exchange"] = exchange
    if game.phase is not Phase.EXCHANGE:
        entry["leader"] = game.leader
    entry["stocks"] = [_codes(s) for s in game.deal.stocks] if game.deal.stocks is not None else None
    entry["pile"] = _codes(game.deal.pile) if game.deal.pile is not None else None
    entry["actions"] = actions
    return entry


_HANDOFF_KEYS: Final = {GiftKind.SEVEN_PASS: "give", GiftKind.TEN_DISCARD: "discard"}


def action_json(seat: int, move: Play | object) -> dict[str, Any]:
    if not isinstance(move, Play):
        return {"seat": seat, "pass": True}
    out: dict[str, Any] = {"seat": seat, "play": card_codes(move.cards)}
    if move.kind != SINGLE and move.cards & JOKER_MASK:
        stand = move.joker_as()
        out["joker_as"] = stand[0] if len(stand) == 1 else stand
    return out


def _codes(ids: Sequence[int]) -> list[str]:
    return [card_codes(1 << c)[0] for c in ids]


def record_json(rules: RuleSet, games: Sequence[Game]) -> dict[str, Any]:
    """A record of consecutive games of one match (or of one game)."""
    return {"format": FORMAT, "rules": rules_json(rules), "games": [game_json(g) for g in games]}


def match_record_json(match: Match) -> dict[str, Any]:
    """The record of a match so far, the current game included."""
    return record_json(match.rules, match.games)


# --- reading ----------------------------------------------------------------


def parse_record(data: Any) -> Record:
    """Check the shape of a decoded JSON record; ``RecordError`` names a bad field."""
    rules = _parse_head(data)
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise RecordError("games: expected a non-empty list")
    return Record(rules, tuple(_parse_game(rules, g, f"games[{i}]") for i, g in enumerate(games)))


def _parse_head(data: Any) -> RuleSet:
    """The rules of a decoded record, after checking its depth and format."""
    if not isinstance(data, Mapping):
        raise RecordError("record: expected a JSON object")
    _check_depth(data)
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, not {_shown(fmt)}")
    return _parse_rules(data.get("rules"))


def read_record(text: str) -> Games:
    """A record's JSON text parsed: game by game (``RecordText``) where the text allows, else whole.

    Either way every game's shape is checked.  ``RecordError`` exactly as
    ``parse_record(loads(text))`` raises it (a text that is not a plain
    record is read that way, and so is any problem: the message is the
    checker's).  Reading game by game never decodes the whole text at once:
    a long match is read without holding up other threads for seconds.
    """
    split = _split_games(text)
    if split is not None:
        try:
            return _read_games(*split)
        except RecordError:
            pass  # the whole text gives the problem's canonical message
    return parse_record(loads(text))


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}:]')
_BLANK = re.compile(r"\s*")
_COMMA = re.compile(r"\s*,\s*")


def _split_games(text: str) -> tuple[str, list[str]] | None:
    """(the text with an empty games list, each game's text), or None if the text is not that plain."""
    scan = _GamesScan()
    for token in _TOKENS.finditer(text):
        if not scan.feed(token.group(), token.start(), token.end()):
            return None  # games given twice
    array, end, spans = scan.array, scan.end, scan.spans
    if end < 0 or not spans:
        return None
    gaps = [text[array + 1:spans[0][0]], *(text[a[1]:b[0]] for a, b in itertools.pairwise(spans)),
            text[spans[-1][1]:end - 1]]
    if not (_BLANK.fullmatch(gaps[0]) and _BLANK.fullmatch(gaps[-1]) and all(_COMMA.fullmatch(g) for g in gaps[1:-1])):
        return None  # something else than objects in the list
    return text[:array] + "[]" + text[end:], [text[a:b] for a, b in spans]


class _GamesScan:
    """Where a record's text holds its ``games`` list and each game object in it, token by token."""

    def __init__(self) -> None:
        self.depth = 0
        self.key = ""
        """The last string seen (a key when a colon follows)."""
        self.array = -1
        """Where the games list opens (-1: not yet)."""
        self.end = -1
        """Just after the games list closes (-1: not yet)."""
        self.start = -1
        """Where the game object being read opens (-1: none)."""
        self.spans: list[tuple[int, int]] = []

    def feed(self, mark: str, start: int, end: int) -> bool:
        """Take one token (a string, a colon or a bracket); False when the games list is given twice."""
        if mark[0] == '"':
            self.key = mark
        elif mark == ":":
            return not (self.depth == 1 and self.key == '"games"' and self.array >= 0)
        elif mark in "[{":
            self._open(mark, start)
        else:
            self._close(mark, end)
        return True

    def _open(self, mark: str, start: int) -> None:
        self.depth += 1
        if self.depth == 2 and mark == "[" and self.key == '"games"' and self.array < 0:
            self.array = start
        elif self.depth == 3 and mark == "{" and self.array >= 0 and self.end < 0:
            self.start = start

    def _close(self, mark: str, end: int) -> None:
        if self.array >= 0 and self.end < 0:
            if self.depth == 3 and mark == "}" and self.start >= 0:
                self.spans.append((self.start, end))
                self.start = -1
            elif self.depth == 2 and mark == "]":
                self.end = end
        self.depth -= 1


def _read_games(head: str, texts: list[str]) -> RecordText:
    data = loads(head)
    rules = _parse_head(data)
    if data.get("games") != []:
        raise RecordError("games: not the list the text was split at")
    actions = []
    for index, text in enumerate(texts):
        game = loads(text)
        _check_depth(game, f"games[{index}]", 3)
        actions.append(len(_parse_game(rules, game, f"games[{index}]").actions))
    return RecordText(rules, tuple(texts), tuple(actions))


def _check_depth(data: Any, path: str = "", depth: int = 1) -> None:
    """``RecordError`` naming the first field nested deeper than ``MAX_DEPTH`` (no recursion: any depth is safe).

    ``path`` and ``depth``: where ``data`` is in its record (a game is at ``games[i]``, depth 3).
    """
    stack: list[tuple[Any, str, int]] = [(data, path, depth)]
    while stack:
        value, path, depth = stack.pop()
        items: Iterator[tuple[Any, Any]]
        if isinstance(value, Mapping):
            items = iter(value.items())
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            continue
        if depth > MAX_DEPTH:
            raise _too_deep(path)
        stack.extend((item, _field(path, key), depth + 1) for key, item in items if isinstance(item, (Mapping, list)))


def _parse_rules(value: Any) -> RuleSet:
    try:
        if isinstance(value, str):
            return preset_rules(value)
        if not isinstance(value, Mapping):
            raise RecordError("rules: expected a preset id or an object")
        unknown = set(value) - {"preset", "players", "overrides"}
        if unknown:
            raise RecordError(f"rules: unknown field {_shown(sorted(unknown)[0])}")
        preset = value.get("preset")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise RecordError(f"rules.preset: unknown preset {_shown(preset)}")
        players = value.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise RecordError(f"rules.players: expected a whole number, not {_shown(players)}")
        overrides = value.get("overrides") or {}
        if not isinstance(overrides, Mapping):
            raise RecordError("rules.overrides: expected an object")
        return preset_rules(preset, players, overrides)
    except RuleError as error:
        raise RecordError(f"rules: {_cut(str(error))}") from None


def _coded(value: Any, path: str, parse: Callable[[str], int]) -> Iterator[tuple[int, str, int]]:
    """(index, code, id) for each code of a JSON list; ``RecordError`` for anything else."""
    if not isinstance(value, list):
        raise RecordError(f"{path}: expected a list of card codes")
    for i, code in enumerate(value):
        if not isinstance(code, str):
            raise RecordError(f"{path}[{i}]: expected a card code, not {_shown(code)}")
        try:
            yield i, code, parse(code)
        except ValueError:
            raise RecordError(f"{path}[{i}]: unknown card code {_shown(code)}") from None


def _cards(value: Any, path: str) -> list[int]:
    ids: list[int] = []
    jokers = 0
    for i, code, cid in _coded(value, path, parse_card_id):
        if cid >= 52:
            cid += jokers
            jokers += 1
        if cid in ids or cid > 53:
            raise RecordError(f"{path}[{i}]: card {_shown(code)} given twice")
        ids.append(cid)
    return ids


def _mask(ids: Sequence[int]) -> int:
    mask = 0
    for cid in ids:
        mask |= 1 << cid
    return mask


def _seat(value: Any, rules: RuleSet, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < rules.players:
        raise RecordError(f"{path}: expected a seat 0..{rules.players - 1}, not {_shown(value)}")
    return value


def _parse_game(rules: RuleSet, data: Any, path: str) -> GameSpec:
    if not isinstance(data, Mapping):
        raise RecordError(f"{path}: expected an object")
    known = {"hands", "previous_classes", "exchange", "leader", "stocks", "pile", "actions"}
    unknown = set(data) - known
    if unknown:
        raise RecordError(f"{path}: unknown field {_shown(sorted(unknown)[0])}")
    hands, stocks, pile = _parse_deal(rules, data, path)
    previous = None
    if data.get("previous_classes") is not None:
        previous = _parse_classes(rules, data["previous_classes"], f"{path}.previous_classes")
    exchange = _parse_exchange(rules, data.get("exchange"), f"{path}.exchange")
    leader = data.get("leader")
    if leader is not None:
        leader = _seat(leader, rules, f"{path}.leader")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(f"{path}.actions: expected a list")
    return GameSpec(
        hands=hands,
        previous_classes=previous,
        exchange=exchange,
        leader=leader,
        stocks=stocks,
        pile=pile,
        actions=tuple(_parse_action(rules, a, f"{path}.actions[{i}]") for i, a in enumerate(actions)),
    )


class _Deck:
    """The cards of a record's deal claimed so far: each at most once, jokers numbered as they come."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.dealt: dict[int, str] = {}
        self.jokers = 0

    def claim(self, value: Any, where: str) -> list[int]:
        """The card ids of the codes at ``where``; ``RecordError`` for a card dealt before or a joker too many."""
        fixed = []
        for cid in _cards(value, where):
            if cid >= 52:
                cid = 52 + self.jokers
                self.jokers += 1
                if self.jokers > self.rules.jokers:
                    raise RecordError(f"{where}: more jokers than the rules' {self.rules.jokers}")
            if cid in self.dealt:
                raise RecordError(f"{where}: card {card_codes(1 << cid)[0]!r} dealt twice (also in {self.dealt[cid]})")
            self.dealt[cid] = where
            fixed.append(cid)
        return fixed


Stocks = tuple[tuple[int, ...], ...]


def _parse_deal(
    rules: RuleSet, data: Mapping[str, Any], path: str
) -> tuple[tuple[int, ...], Stocks | None, tuple[int, ...] | None]:
    """A record game's hands, stocks and pile, every card dealt once."""
    n = rules.players
    raw_hands = data.get("hands")
    if not isinstance(raw_hands, list) or len(raw_hands) != n:
        raise RecordError(f"{path}.hands: expected {n} lists of card codes (one per seat)")
    deck = _Deck(rules)
    hands = tuple(_mask(deck.claim(h, f"{path}.hands[{s}]")) for s, h in enumerate(raw_hands))
    stocks = None
    if data.get("stocks") is not None:
        raw = data["stocks"]
        if not rules.hand_size:
            raise RecordError(f"{path}.stocks: only the 5-card mode (hand_size) has stocks")
        if not isinstance(raw, list) or len(raw) != n:
            raise RecordError(f"{path}.stocks: expected {n} lists of card codes")
        stocks = tuple(tuple(deck.claim(s, f"{path}.stocks[{i}]")) for i, s in enumerate(raw))
    elif rules.hand_size:
        stocks = tuple(() for _ in range(n))
    pile = None
    if data.get("pile") is not None:
        if not rules.pile_draw:
            raise RecordError(f"{path}.pile: only pile_draw rules have a pile")
        pile = tuple(deck.claim(data["pile"], f"{path}.pile"))
    for seat, hand in enumerate(hands):
        if not hand and not (stocks and stocks[seat]):
            raise RecordError(f"{path}.hands[{seat}]: seat {seat} is dealt no cards")
    return hands, stocks, pile


def _parse_exchange(rules: RuleSet, gifts: Any, path: str) -> tuple[tuple[int, int], ...]:
    """A record game's chosen exchange gifts: (seat, cards) in order."""
    if gifts is not None and not isinstance(gifts, list):
        raise RecordError(f"{path}: expected a list of gifts, not {_shown(gifts)}")
    exchange = []
    for i, gift in enumerate(gifts or []):
        where = f"{path}[{i}]"
        if not isinstance(gift, Mapping) or set(gift) != {"seat", "give"}:
            raise RecordError(f"{where}: expected {{\"seat\": ..., \"give\": [...]}}")
        exchange.append((_seat(gift["seat"], rules, f"{where}.seat"), _mask(_cards(gift["give"], f"{where}.give"))))
    return tuple(exchange)


def _parse_classes(rules: RuleSet, value: Any, path: str) -> tuple[Title, ...]:
    if not isinstance(value, list) or len(value) != rules.players:
        raise RecordError(f"{path}: expected {rules.players} class ids")
    titles = []
    for i, name in enumerate(value):
        try:
            titles.append(Title(name))
        except ValueError:
            raise RecordError(f"{path}[{i}]: unknown class {_shown(name)}") from None
    if sorted(titles, key=_TITLE_ORDER.__getitem__) != sorted(rules.titles, key=_TITLE_ORDER.__getitem__):
        raise RecordError(f"{path}: not the classes of a {rules.players}-player game")
    return tuple(titles)


def _parse_action(rules: RuleSet, data: Any, path: str) -> Action:
    if not isinstance(data, Mapping):
        raise RecordError(f"{path}: expected an object")
    unknown = set(data) - {"seat", "play", "pass", "joker_as", "give", "discard"}
    if unknown:
        raise RecordError(f"{path}: unknown field {_shown(sorted(unknown)[0])}")
    seat = _seat(data.get("seat"), rules, f"{path}.seat")
    for kind, key in _HANDOFF_KEYS.items():
        if key in data:
            if len(set(data) & {"play", "pass", "give", "discard"}) > 1:
                raise RecordError(f"{path}: {key!r} goes alone (no play, pass or other handoff)")
            return Action(seat, _mask(_cards(data[key], f"{path}.{key}")), handoff=kind)
    if "pass" in data and not isinstance(data["pass"], bool):
        raise RecordError(f"{path}.pass: expected true, not {_shown(data['pass'])}")
    if data.get("pass") is True:
        if "play" in data:
            raise RecordError(f"{path}: both a play and a pass")
        return Action(seat, None)
    if "play" not in data:
        raise RecordError(f"{path}: expected \"play\" or \"pass\": true")
    ids = _cards(data["play"], f"{path}.play")
    if not ids:
        raise RecordError(f"{path}.play: an empty play (write a pass as \"pass\": true)")
    joker_as: list[int] = []
    raw = data.get("joker_as")
    if raw is not None:
        joker_as = _stand_ins([raw] if isinstance(raw, str) else raw, f"{path}.joker_as")
    return Action(seat, _mask(ids), tuple(joker_as))


def _stand_ins(value: Any, path: str) -> list[int]:
    """What the jokers stand for: card codes, or ``<3S`` / ``>2S`` for the places beyond a suit's ends."""
    ids: list[int] = []
    for i, code, cid in _coded(value, path, parse_place_id):
        if cid in JOKER_IDS:
            raise RecordError(f"{path}[{i}]: a joker cannot stand for a joker")
        if cid in ids:
            raise RecordError(f"{path}[{i}]: card {_shown(code)} given twice")
        ids.append(cid)
    return ids


def places_from_titles(rules: RuleSet, titles: Sequence[Title]) -> tuple[int, ...]:
    """Previous places (seats, 1st first) from previous classes; equal classes by seat."""
    return tuple(sorted(range(rules.players), key=lambda s: (_TITLE_ORDER[titles[s]], s)))


# --- replaying --------------------------------------------------------------


def replay(record: Record) -> Replay:
    """Play a record through; ``IllegalAction`` reports the first broken rule."""
    return Replay(record.rules, list(replay_games(record)))


def replay_games(record: Games) -> Iterator[Game]:
    """Each game of a record played through, one at a time (a long match is never held whole)."""
    last: Game | None = None
    for index in range(len(record.actions)):
        spec = record.spec(index)
        last = replay_game(record.rules, spec, _previous(record.rules, spec, index, last), index)
        yield last


def _previous(rules: RuleSet, spec: GameSpec, index: int, last: Game | None) -> tuple[int, ...] | None:
    """The previous places of game ``index`` (seats, 1st first), from its record or the game before (``last``)."""
    if spec.previous_classes is not None:
        return places_from_titles(rules, spec.previous_classes)
    if index == 0:
        return None
    if last is None or last.result is None:
        raise RecordError(f"games[{index}].previous_classes: needed because game {index - 1} did not finish")
    return next_deal(rules, index, last.result.places)[1]


def replay_game(rules: RuleSet, spec: GameSpec, previous: tuple[int, ...] | None, index: int = 0) -> Game:
    try:
        game = Game.from_hands(
            rules,
            spec.hands,
            stocks=spec.stocks,
            pile=spec.pile,
            previous_places=previous,
            leader=spec.leader,
        )
    except ValueError as error:
        raise RecordError(f"games[{index}]: {error}") from None
    play_spec(game, spec, index)
    return game


def play_spec(game: Game, spec: GameSpec, index: int) -> None:
    """Apply a record game's exchange gifts and actions to ``game`` (dealt with its hands)."""
    for i, (seat, cards) in enumerate(spec.exchange):
        try:
            game.give(seat, cards)
        except IllegalMove as error:
            raise IllegalAction(index, i, f"exchange by seat {seat}: {error}", "exchange") from None
    if game.phase is Phase.EXCHANGE and spec.actions:
        gift = game.pending[0]
        raise IllegalAction(index, len(spec.exchange), f"seat {gift.giver} must give {gift.count} card(s)", "exchange")
    for i, action in enumerate(spec.actions):
        apply_action(game, action, index, i)


def apply_action(game: Game, action: Action, index: int, i: int) -> list[Event]:
    """Apply action ``i`` of game ``index`` of a record; ``IllegalAction`` says what rule it breaks."""
    try:
        if game.phase in (Phase.PLAY, Phase.HANDOFF) and action.seat != game.turn:
            raise IllegalAction(index, i, f"it is seat {game.turn}'s turn, not seat {action.seat}'s")
        if action.handoff is not None:
            due = game.pending[0].kind if game.phase is Phase.HANDOFF else None
            if action.handoff is not due:
                verb = _HANDOFF_KEYS[action.handoff]
                raise IllegalAction(index, i, f"seat {action.seat} has no cards to {verb} now")
            return game.give(action.seat, action.cards or 0)
        if action.cards is None:
            return game.play(PASS)
        return game.play(game.resolve(action.cards, action.joker_as))
    except IllegalMove as error:
        raise IllegalAction(index, i, f"seat {action.seat}: {error}") from None


@dataclass(frozen=True)
class Frame:
    """One moment of a replayed record: the game after an action."""

    game_index: int
    action_index: int
    """-1 for the start of the game (after the deal and the exchange)."""
    game: Game
    events: tuple[Event, ...]


class ReplayFrames:
    """Every state of every game of a record, for stepping through it, computed when asked for.

    ``len(frames)`` comes from the record alone; ``frames[n]`` steps the
    engine to frame ``n`` from the nearest position kept at or before it and
    returns it.  A position is kept (a copy of the game) every ``every``
    frames passed, so that stepping back replays at most ``every - 1``
    actions: at most about ``keep`` copies, whatever the record's length.
    That replay copies the frames it passes, so the next steps back are a
    copy each.  Stepping forward one frame applies one action.

    The game of a returned frame is the cursor's own, changed by the next
    ``frames[m]``: read it, or ``clone()`` it to keep it.  A frame that
    breaks the rules raises ``IllegalAction`` or ``RecordError`` as
    ``replay`` does (a checked record has none).

    >>> from game.engine.record import parse_record
    >>> frames = ReplayFrames(parse_record({"rules": "uecda", "games": [{"leader": 0,
    ...     "hands": [["3S"], ["4S"], ["5S"], ["6S"], ["7S"]], "actions": [{"seat": 0, "play": ["3S"]}]}]}))
    >>> len(frames), frames[0].game.counts[0], frames[1].game.counts[0], frames.locate(1)
    (2, 1, 0, (0, 0))
    """

    def __init__(self, record: Games, *, keep: int = 2048) -> None:
        self.record = record
        self.starts: list[int] = []
        """The number of each game's first frame."""
        total = 0
        for actions in record.actions:
            self.starts.append(total)
            total += 1 + actions
        self.total = total
        self._spec: tuple[int, GameSpec] | None = None
        """The game last stepped through (a game given as text is parsed once per visit)."""
        self.every = max(16, -(-total // max(1, keep)))
        self._kept: dict[int, tuple[Game, tuple[Event, ...]]] = {}
        self._window: dict[int, tuple[Game, tuple[Event, ...]]] = {}
        """Copies of the frames from a kept position to the last frame stepped back to (at most ``every``)."""
        self._at = -1
        self._game: Game | None = None
        self._events: tuple[Event, ...] = ()

    def __len__(self) -> int:
        return self.total

    def locate(self, n: int) -> tuple[int, int]:
        """(game index, action index) of frame ``n`` (action -1: the game's start)."""
        game = bisect.bisect_right(self.starts, n) - 1
        return game, n - self.starts[game] - 1

    def __getitem__(self, n: int) -> Frame:
        if n < 0:
            n += self.total
        if not 0 <= n < self.total:
            raise IndexError(f"frame {n} of {self.total}")
        recording = False
        if self._game is None or n < self._at:
            if n in self._window:
                game, self._events = self._window[n]
                self._game, self._at = game.clone(), n
            else:
                kept = max((k for k in self._kept if k <= n), default=None)
                if kept is None:
                    self._game, self._at = None, -1
                else:
                    game, self._events = self._kept[kept]
                    self._game, self._at = game.clone(), kept
                # Copies of the frames replayed now make the next steps back a copy each.
                recording = n - self._at <= self.every
                if recording:
                    self._window = {}
        while self._at < n:
            self._advance()
            if recording:
                assert self._game is not None
                self._window[self._at] = (self._game.clone(), self._events)
        assert self._game is not None
        return Frame(*self.locate(n), self._game, self._events)

    def _advance(self) -> None:
        """Frame ``_at + 1``: a game's start (dealt, exchanged) or one more action."""
        n = self._at + 1
        index, action = self.locate(n)
        if self._spec is None or self._spec[0] != index:
            self._spec = (index, self.record.spec(index))
        spec = self._spec[1]
        if action < 0:
            opening = GameSpec(spec.hands, spec.previous_classes, spec.exchange, spec.leader, spec.stocks, spec.pile)
            previous = _previous(self.record.rules, spec, index, self._game)
            self._game = replay_game(self.record.rules, opening, previous, index)
            self._events = tuple(self._game.setup_events)
        else:
            assert self._game is not None
            self._events = tuple(apply_action(self._game, spec.actions[action], index, action))
        self._at = n
        if n % self.every == 0 and n not in self._kept:
            self._kept[n] = (self._game.clone(), self._events)


def resume_match(record: Record, seed: int, *, games: int | None = None, first_leader: int | None = None) -> Match:
    """Rebuild a match in progress from its record and seed (autosave).

    Every game is dealt again from the seed and its recorded gifts and actions
    are replayed, so the match continues exactly where it stopped.
    """
    match = Match(record.rules, seed, games=games, first_leader=first_leader)
    for index, spec in enumerate(record.games):
        if index > 0:
            if match.game.result is None:
                raise RecordError(f"games[{index}]: game {index - 1} did not finish")
            match.next_game()
        if spec.hands != match.game.deal.hands:
            raise RecordError(f"games[{index}].hands: not the deal of this seed")
        play_spec(match.game, spec, index)
    if match.game.result is not None:
        match.record_result()
    return match


def game_summary(game: Game) -> dict[str, Any]:
    """The checker's summary of one replayed game."""
    if game.result is not None:
        return {
            "places": list(game.result.places),
            "classes": [t.value for t in game.result.titles],
            "points": list(game.result.points),
            "finished": True,
        }
    rules = game.rules
    titles = rules.titles
    classes: list[str | None] = [None] * game.n
    points: list[int | None] = [None] * game.n
    for seat in range(game.n):
        place = game.place_of(seat)
        if place is not None:
            classes[seat] = titles[place].value
            points[seat] = rules.points_for(place, titles[place])
    out = list(game.finishers) + ([game.miyako] if game.miyako >= 0 else []) + game.forbidden[::-1]
    return {"places": out, "classes": classes, "points": points, "finished": False}


def check(data: Any) -> tuple[int, dict[str, Any]]:
    """Check a decoded record: (exit status, JSON answer).  Raises RecordError if malformed."""
    return check_record(parse_record(data))


def check_record(record: Games) -> tuple[int, dict[str, Any]]:
    """``check`` of a parsed record; each game is summed up and let go (a long match is never held whole)."""
    try:
        summaries = [game_summary(game) for game in replay_games(record)]
    except IllegalAction as illegal:
        return 1, illegal.to_json()
    return 0, {"valid": True, "games": summaries}


def load(path: str) -> Any:
    """Read a record file's JSON; ``RecordError`` if it cannot be read or decoded.

    The file is UTF-8, with or without a byte-order mark, and at most
    ``MAX_RECORD_BYTES``.  A number too long for Python to read becomes a
    ``LongNumber``, which every field refuses by name.
    """
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            raw = stream.read(MAX_RECORD_BYTES + 1) if stream is not None else sys.stdin.read().encode()
        else:
            raw = _read_file(path)
    except OSError as error:
        raise RecordError(f"record: cannot read {path}: {error.strerror or error}") from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"record: larger than {MAX_RECORD_BYTES} bytes; not a game record")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RecordError(f"record: cannot read {path}: not UTF-8 text ({error})") from None
    return loads(text)


def _read_file(path: str) -> bytes:
    """At most ``MAX_RECORD_BYTES + 1`` bytes of a regular file; ``RecordError`` for a pipe, a device, a folder.

    Opened without waiting: a named pipe with no writer would block ``open`` forever.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RecordError(f"record: cannot read {path}: not a regular file")
        return handle.read(MAX_RECORD_BYTES + 1)


def loads(text: str) -> Any:
    """Decode a record's JSON text; ``RecordError`` (naming where) if it is not JSON a record can be."""
    try:
        return json.loads(text, parse_int=_parse_int)
    except RecursionError:
        raise _too_deep(_deep_field(text)) from None
    except ValueError as error:  # json.JSONDecodeError is one
        raise RecordError(f"record: not valid JSON: {_cut(str(error))}") from None


def _parse_int(text: str) -> int | LongNumber:
    try:
        return int(text)
    except ValueError:  # more digits than sys.get_int_max_str_digits()
        return LongNumber(len(text.lstrip("-")))


def _too_deep(path: str) -> RecordError:
    where = "record" + path if not path or path.startswith("[") else path
    return RecordError(f"{_cut(where, 120)}: nested too deeply (more than {MAX_DEPTH} levels)")


def _field(path: str, key: object) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def _deep_field(text: str) -> str:
    """The field of JSON text (too deep to decode) that first nests deeper than ``MAX_DEPTH``, by a scan."""
    open_: list[list[Any]] = []
    """For each container around the scan: [its path, the key or index of the current value, is it a list]."""
    key: Any = None
    for token in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[\]{},:]', text):
        mark = token.group()
        if mark[0] == '"':
            key = mark
        elif mark == ":" and open_ and not open_[-1][2]:
            try:
                open_[-1][1] = json.loads(key)
            except (TypeError, ValueError):
                open_[-1][1] = key
        elif mark == "," and open_ and open_[-1][2]:
            open_[-1][1] += 1
        elif mark in "[{":
            path = _field(open_[-1][0], open_[-1][1]) if open_ else ""
            if len(open_) >= MAX_DEPTH:
                return path
            open_.append([path, 0 if mark == "[" else None, mark == "["])
        elif mark in "]}" and open_:
            open_.pop()
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print("usage: python -m game.engine.record FILE.json  (- for standard input)", file=sys.stderr)
        return 2
    try:
        status, answer = check(load(args[0]))
    except RecordError as error:
        print(f"malformed record: {error}", file=sys.stderr)
        return 2
    print(json.dumps(answer, ensure_ascii=False))
    return status


if __name__ == "__main__":
    sys.exit(main())
