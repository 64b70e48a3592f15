"""The messages of network play, their one JSON codec, and the checks every field passes.

Every message is one WebSocket text frame holding a JSON object with a
``type``; ``encode(message)`` writes one, ``decode(text, direction, ...)``
reads one and raises ``MessageError`` (a ``ValueError`` naming the field) for
anything that is not exactly a message of this protocol: unknown types or
fields, wrong JSON types, numbers out of range, strings too long, card codes
that are not cards, more than ``MAX_CLIENT_BYTES`` from a client.  A decoded
message is a frozen dataclass; the engine's values (a ``PublicState``, the
events, an ``Observation``) travel as the plain JSON ``docs/network.md``
describes and come back as the same engine values.

The protocol's version travels in the first message of each side (``Hello``,
``Create`` and ``Welcome``); a server refuses any other version with a
message that says which one it speaks.

>>> text = encode(Hello(name="Aki", code="K7QXM"))
>>> decode(text, CLIENT) == Hello(name="Aki", code="K7QXM")
True
>>> decode('{"type": "act", "step": -1}', CLIENT)
Traceback (most recent call last):
...
game.network.friends.messages.MessageError: act.step: expected a whole number 0..100000000, not -1
"""

from __future__ import annotations

import json
import math
import reprlib
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final, TypeVar

from game.engine import PASS, Gift, Move, Observation, Phase, Play, PublicState, RuleSet, Title, Turn
from game.engine.cards import card_codes, parse_cards
from game.engine.events import (
    Ambulance,
    ClearReason,
    Dealt,
    DrawSource,
    Drew,
    EightCut,
    Event,
    Exchanged,
    Finished,
    FiveSkip,
    ForbiddenFinish,
    GameOver,
    Gekokujo,
    HopelessHand,
    JBack,
    LeadReason,
    Locked,
    MatchOver,
    MiyakoOchi,
    NineReverse,
    Passed,
    Played,
    Revolution,
    Sandstorm,
    SevenPass,
    Spade3Return,
    Started,
    TenDiscard,
    TrickCleared,
)
from game.engine.plays import Kind
from game.engine.record import rules_json
from game.engine.rules import MAX_PLAYERS, MIN_PLAYERS, PRESETS, RuleError, preset_rules
from game.engine.state import Entry, GiftKind, PendingGift
from game.levels import Level

PROTOCOL: Final = 2
"""The version of this protocol (``Hello.protocol``, ``Create.protocol``, ``Welcome.protocol``)."""
APP: Final = "daifugo"
MAX_CLIENT_BYTES: Final = 4096
"""The largest message a client may send (the server's WebSocket ``max_size``)."""
MAX_SERVER_BYTES: Final = 1 << 20
"""The largest message a server sends (a full state with a long game's history, a game record)."""
MAX_NAME: Final = 20
"""Characters in a player's name."""
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Table codes use these characters (no 0/O, 1/I/L: read aloud and typed without mistakes)."""
CODE_LENGTH: Final = 5
MAX_TOKEN: Final = 64
MAX_STEP: Final = 100_000_000
MAX_GAMES: Final = 100
MAX_SEED: Final = 2**63 - 1
MAX_TURNS: Final = 2000
"""History entries a view may hold (a game has a few hundred at most)."""
MAX_EVENTS: Final = 64
MAX_TEXT: Final = 300
"""Characters in a server's free text (a refusal's message)."""
CLIENT: Final = "client"
"""``decode``'s direction for what a client sends (what a server reads)."""
SERVER: Final = "server"
"""``decode``'s direction for what a server sends (what a client reads)."""


class Stamp(str, Enum):
    """The quick reactions a player may show the table."""

    NICE = "nice"
    SORRY = "sorry"
    WOW = "wow"
    THANKS = "thanks"
    HURRY = "hurry"


class SeatState(str, Enum):
    """How a seat of a hosted table is played."""

    OPEN = "open"
    """Nobody has taken it yet (a computer plays it once the match starts)."""
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    """Its player dropped: the game waits for it until the drop timeout."""
    COMPUTER = "computer"
    """A computer plays it: a computer seat, or a dropped player's seat after the timeout (until it returns)."""


class Refusal(str, Enum):
    """Why a server refuses a connection or a message (``Refused.reason``, ``Rejected.reason``)."""

    PROTOCOL = "protocol"
    """Another version of the protocol, or not this game."""
    BAD_MESSAGE = "bad_message"
    """Not a message of the protocol (the text says which field)."""
    WRONG_CODE = "wrong_code"
    TOO_MANY_GUESSES = "too_many_guesses"
    TABLE_FULL = "table_full"
    STARTED = "started"
    """The match has begun: only its players may come back (with their token)."""
    BAD_TOKEN = "bad_token"
    TOO_MANY_CONNECTIONS = "too_many_connections"
    TOO_FAST = "too_fast"
    """More messages than the rate allows."""
    TOO_MANY_TABLES = "too_many_tables"
    NOT_ALLOWED = "not_allowed"
    """Something only the table's owner may do, or creating a table where only the host may."""
    BAD_SETUP = "bad_setup"
    NOT_YOUR_TURN = "not_your_turn"
    STALE = "stale"
    """The action answers a moment that has passed (its step is not the table's)."""
    ILLEGAL = "illegal"
    """The engine refused the move or gift (the text says why)."""
    NOT_STARTED = "not_started"
    REPLACED = "replaced"
    """The same player connected again elsewhere: this connection is closed."""


class Closing(str, Enum):
    """Why a server closes a table (``Closed.reason``)."""

    HOST_LEFT = "host_left"
    """The host quit: the match is saved on the host's computer."""
    SHUTDOWN = "shutdown"
    """The server is shutting down."""
    IDLE = "idle"
    """Nobody played at the table for too long."""


class MessageError(ValueError):
    """Not a message of this protocol; the text starts with the field at fault."""


# --- the messages ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableSettings:
    """What a table is set up with (``Create.table``; ``Welcome.table``)."""

    preset: str = "standard"
    players: int = 4
    overrides: Mapping[str, Any] = field(default_factory=dict)
    """Rule switches changed from the preset (checked by the engine's ``preset_rules``)."""
    games: int | None = None
    """The match length (None: the preset's)."""
    level: Level = Level.NORMAL
    """The computer level of the seats nobody took, and of a dropped player's seat."""
    turn_timer: int = 0
    """Seconds a player has for a decision before the computer makes it for them (0: no timer)."""
    drop_timeout: int = 60
    """Seconds a dropped player's seat waits for them before a computer plays it."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "level", Level(self.level))  # its text is accepted

    def rules(self) -> RuleSet:
        return preset_rules(self.preset, self.players, self.overrides)


@dataclass(frozen=True)
class Hello:
    """A client's first message: join the table ``code`` as ``name``, or come back with ``token``."""

    name: str
    code: str
    token: str = ""
    records: int = 0
    """Coming back: the records of games 0.. it already holds (the server sends the rest)."""
    protocol: int = PROTOCOL
    app: str = APP


@dataclass(frozen=True)
class Create:
    """A client's first message: open a table and take its first seat (``key``: the host's own server wants it)."""

    name: str
    table: TableSettings
    key: str = ""
    resume: Mapping[str, Any] | None = None
    """A match saved when its host quit (``Table.save_data()``), to play on."""
    protocol: int = PROTOCOL
    app: str = APP


@dataclass(frozen=True)
class Start:
    """The table's owner starts the match (the open seats become computers)."""


@dataclass(frozen=True)
class Act:
    """A move: ``play`` (None: a pass), answering the table at ``step``."""

    step: int
    play: Play | None


@dataclass(frozen=True)
class Give:
    """Cards given (the exchange, 7渡し, 10捨て), answering the table at ``step``."""

    step: int
    cards: int


@dataclass(frozen=True)
class Ready:
    """The player has seen the game's result: the next game may be dealt."""


@dataclass(frozen=True)
class React:
    stamp: Stamp


@dataclass(frozen=True)
class Leave:
    """The player leaves for good (its seat is played by the computer); from the owner: the table closes."""


@dataclass(frozen=True)
class SeatInfo:
    player: int
    name: str
    state: SeatState
    person: bool
    """A person took this seat (False: a computer seat from the start)."""


@dataclass(frozen=True)
class Welcome:
    """The server's answer to ``Hello``/``Create``: the seat, the token to come back with, the table."""

    code: str
    player: int
    """This connection's player in the match (its seat may change between games)."""
    token: str
    owner: bool
    table: TableSettings
    protocol: int = PROTOCOL


@dataclass(frozen=True)
class Lobby:
    """Who sits at the table and how each seat is played; sent whenever it changes."""

    seats: tuple[SeatInfo, ...]
    started: bool


@dataclass(frozen=True)
class View:
    """What one player may know now: its seat's observation, the seating, the match so far.

    ``history`` is the game's whole history in a ``Snapshot``, its entries from ``Update.since`` in an ``Update``.
    """

    game: int
    """The number of the game in the match, from 0."""
    seating: tuple[int, ...]
    """The player in each seat."""
    totals: tuple[int, ...]
    """Match points by player."""
    seat: int
    hand: int
    state: PublicState
    history: tuple[Entry, ...]
    """The game's history as the seat may see it (plays, passes, gifts: ``observe``)."""
    known: tuple[int, ...]
    drawn: int
    dealt: int
    deadline: float = 0.0
    """Seconds left for the seat's decision under the turn timer (0: no timer running for it)."""
    over: MatchOver | None = None
    """The match's result once it is over."""


@dataclass(frozen=True)
class Snapshot:
    """Everything at once: on joining, on coming back, and when the seat missed more than the start of a game."""

    step: int
    view: View


@dataclass(frozen=True)
class Update:
    """What an action changed: its events as this seat may see them, and the view after them."""

    step: int
    events: tuple[Event, ...]
    view: View
    since: int = 0
    """Where ``view.history`` starts in the game's history: the entries the client already has up to here stay, the
    rest are replaced (a play learns why its trick ended only after the 7渡し or 10捨て it led to, so it comes
    again)."""


@dataclass(frozen=True)
class Rejected:
    """An action the server refused; the connection stays."""

    reason: Refusal
    message: str
    step: int = 0


@dataclass(frozen=True)
class Refused:
    """The server refuses the connection and closes it."""

    reason: Refusal
    message: str
    protocol: int = PROTOCOL


@dataclass(frozen=True)
class Reaction:
    player: int
    stamp: Stamp


@dataclass(frozen=True)
class GameRecord:
    """A finished game's record (every hand as dealt: at a real table the cards are shown once a game ends)."""

    game: int
    record: Mapping[str, Any]


@dataclass(frozen=True)
class Closed:
    """The table is closing; ``saved``: the match was saved where it was hosted and can be hosted again."""

    reason: Closing
    saved: bool = False


ClientMessage = Hello | Create | Start | Act | Give | Ready | React | Leave
ServerMessage = Welcome | Lobby | Snapshot | Update | Rejected | Refused | Reaction | GameRecord | Closed
Message = ClientMessage | ServerMessage

_TYPES: Final[dict[type, str]] = {
    Hello: "hello", Create: "create", Start: "start", Act: "act", Give: "give", Ready: "ready", React: "react",
    Leave: "leave",
    Welcome: "welcome", Lobby: "lobby", Snapshot: "snapshot", Update: "update", Rejected: "rejected",
    Refused: "refused", Reaction: "reaction", GameRecord: "record", Closed: "closed",
}
CLIENT_TYPES: Final = ("hello", "create", "start", "act", "give", "ready", "react", "leave")
SERVER_TYPES: Final = ("welcome", "lobby", "snapshot", "update", "rejected", "refused", "reaction", "record", "closed")


# --- writing -------------------------------------------------------------------------------------


def encode(message: Message) -> str:
    """One message as the JSON text of a WebSocket frame."""
    return json.dumps(to_json(message), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def to_json(message: Message) -> dict[str, Any]:
    kind = _TYPES[type(message)]
    out: dict[str, Any] = {"type": kind}
    if isinstance(message, Hello):
        out.update(protocol=message.protocol, app=message.app, name=message.name, code=message.code)
        if message.token:
            out["token"] = message.token
        if message.records:
            out["records"] = message.records
    elif isinstance(message, Create):
        out.update(protocol=message.protocol, app=message.app, name=message.name, table=settings_json(message.table))
        if message.key:
            out["key"] = message.key
        if message.resume is not None:
            out["resume"] = message.resume
    elif isinstance(message, Act):
        out["step"] = message.step
        out["play"] = None if message.play is None else play_json(message.play)
    elif isinstance(message, Give):
        out.update(step=message.step, cards=card_codes(message.cards))
    elif isinstance(message, React):
        out["stamp"] = message.stamp.value
    elif isinstance(message, Welcome):
        out.update(protocol=message.protocol, code=message.code, player=message.player, token=message.token,
                   owner=message.owner, table=settings_json(message.table))
    elif isinstance(message, Lobby):
        out["seats"] = [{"player": s.player, "name": s.name, "state": s.state.value, "person": s.person}
                        for s in message.seats]
        out["started"] = message.started
    elif isinstance(message, (Snapshot, Update)):
        out["step"] = message.step
        if isinstance(message, Update):
            out["events"] = [event_json(e) for e in message.events]
            out["since"] = message.since
        out["view"] = view_json(message.view)
    elif isinstance(message, Rejected):
        out.update(reason=message.reason.value, message=message.message, step=message.step)
    elif isinstance(message, Refused):
        out.update(protocol=message.protocol, reason=message.reason.value, message=message.message)
    elif isinstance(message, Reaction):
        out.update(player=message.player, stamp=message.stamp.value)
    elif isinstance(message, GameRecord):
        out.update(game=message.game, record=message.record)
    elif isinstance(message, Closed):
        out.update(reason=message.reason.value, saved=message.saved)
    return out


def settings_json(settings: TableSettings) -> dict[str, Any]:
    return {"preset": settings.preset, "players": settings.players, "overrides": dict(settings.overrides),
            "games": settings.games, "level": settings.level.value, "turn_timer": settings.turn_timer,
            "drop_timeout": settings.drop_timeout}


def play_json(play: Play) -> dict[str, Any]:
    return {"cards": card_codes(play.cards), "kind": int(play.kind), "rank": play.rank, "size": play.size,
            "suits": play.suits}


def _move_json(move: Move) -> dict[str, Any] | None:
    return play_json(move) if isinstance(move, Play) else None


def state_json(state: PublicState) -> dict[str, Any]:
    """A public state without its rules (the table's settings carry them)."""
    result = state.result
    return {
        "phase": state.phase.value, "turn": state.turn, "leader": state.leader,
        "top": None if state.top is None else play_json(state.top),
        "trick": [[seat, play_json(play)] for seat, play in state.trick],
        "last_player": state.last_player, "passed": state.passed, "active": state.active,
        "revolution": state.revolution, "j_back": state.j_back, "backwards": state.backwards,
        "lock": state.lock, "lock_base": state.lock_base, "counts": list(state.counts),
        "stock_counts": list(state.stock_counts), "pile_count": state.pile_count,
        "removed_count": state.removed_count, "played": card_codes(state.played),
        "finishers": list(state.finishers), "forbidden": list(state.forbidden), "miyako": state.miyako,
        "gekokujo": state.gekokujo,
        "previous_places": None if state.previous_places is None else list(state.previous_places),
        "pending": [{"giver": g.giver, "receiver": g.receiver, "count": g.count, "kind": g.kind.value}
                    for g in state.pending],
        "drawn_seat": state.drawn_seat,
        "hopeless": state.hopeless,
        "result": None if result is None else _game_over_json(result),
    }


def _game_over_json(result: GameOver) -> dict[str, Any]:
    return {"places": list(result.places), "titles": [t.value for t in result.titles], "points": list(result.points)}


def entry_json(entry: Entry) -> dict[str, Any]:
    """One history entry: a play or pass with the table it was made on, or cards given."""
    if isinstance(entry, Gift):
        return {"gift": entry.kind.value, "giver": entry.giver, "receiver": entry.receiver,
                "cards": card_codes(entry.cards), "size": entry.size, "chosen": entry.chosen}
    return {"seat": entry.seat, "move": _move_json(entry.move),
            "top": None if entry.top is None else play_json(entry.top), "last_player": entry.last_player,
            "passed": entry.passed, "lock": entry.lock, "lock_base": entry.lock_base, "revolution": entry.revolution,
            "j_back": entry.j_back, "backwards": entry.backwards,
            "cleared": None if entry.cleared is None else entry.cleared.value}


def view_json(view: View) -> dict[str, Any]:
    return {
        "game": view.game, "seating": list(view.seating), "totals": list(view.totals), "seat": view.seat,
        "hand": card_codes(view.hand), "state": state_json(view.state),
        "history": [entry_json(e) for e in view.history], "known": [card_codes(k) for k in view.known],
        "drawn": card_codes(1 << view.drawn) if view.drawn >= 0 else [],
        "dealt": card_codes(view.dealt),
        "deadline": round(view.deadline, 2),
        "over": None if view.over is None else {"totals": list(view.over.totals), "ranking": list(view.over.ranking)},
    }


# Each event type: its name on the wire and how each of its fields travels.
_SEAT, _SEAT_OR_NONE, _SEATS, _CARDS, _COUNT, _BOOL, _PLAY, _SUITS, _POINTS = (
    "seat", "seat?", "seats", "cards", "count", "bool", "play", "suits", "points")
_EVENTS: Final[dict[str, tuple[type, dict[str, Any]]]] = {
    "dealt": (Dealt, {"counts": "counts", "first": _SEAT}),
    "exchanged": (Exchanged, {"giver": _SEAT, "receiver": _SEAT, "cards": _CARDS, "chosen": _BOOL, "count": _COUNT}),
    "started": (Started, {"leader": _SEAT, "reason": LeadReason}),
    "played": (Played, {"seat": _SEAT, "play": _PLAY}),
    "passed": (Passed, {"seat": _SEAT}),
    "drew": (Drew, {"seat": _SEAT, "cards": _CARDS, "source": DrawSource, "count": _COUNT}),
    "cleared": (TrickCleared, {"leader": _SEAT, "reason": ClearReason}),
    "revolution": (Revolution, {"seat": _SEAT, "active": _BOOL}),
    "j_back": (JBack, {"seat": _SEAT, "active": _BOOL}),
    "locked": (Locked, {"seat": _SEAT, "suits": _SUITS}),
    "eight_cut": (EightCut, {"seat": _SEAT}),
    "spade3_return": (Spade3Return, {"seat": _SEAT}),
    "sandstorm": (Sandstorm, {"seat": _SEAT}),
    "ambulance": (Ambulance, {"seat": _SEAT}),
    "five_skip": (FiveSkip, {"seat": _SEAT, "skipped": _SEATS}),
    "nine_reverse": (NineReverse, {"seat": _SEAT, "backwards": _BOOL}),
    "seven_pass": (SevenPass, {"giver": _SEAT, "receiver": _SEAT, "cards": _CARDS, "count": _COUNT}),
    "ten_discard": (TenDiscard, {"seat": _SEAT, "cards": _CARDS}),
    "finished": (Finished, {"seat": _SEAT, "place": _SEAT}),
    "forbidden_finish": (ForbiddenFinish, {"seat": _SEAT}),
    "hopeless": (HopelessHand, {"seat": _SEAT}),
    "miyako_ochi": (MiyakoOchi, {"seat": _SEAT}),
    "gekokujo": (Gekokujo, {"seat": _SEAT}),
    "game_over": (GameOver, {"places": _SEATS, "titles": Title, "points": _POINTS}),
    "match_over": (MatchOver, {"totals": _POINTS, "ranking": _SEATS}),
}
_EVENT_NAMES: Final = {cls: name for name, (cls, _) in _EVENTS.items()}


def event_json(event: Event) -> dict[str, Any]:
    name = _EVENT_NAMES[type(event)]
    out: dict[str, Any] = {"event": name}
    for key, kind in _EVENTS[name][1].items():
        value = getattr(event, key)
        if kind == _CARDS:
            out[key] = card_codes(value)
        elif kind == _PLAY:
            out[key] = play_json(value)
        elif isinstance(kind, type) and issubclass(kind, Enum):
            out[key] = [v.value for v in value] if isinstance(value, tuple) else value.value
        elif isinstance(value, tuple):
            out[key] = list(value)
        else:
            out[key] = value
    state = getattr(event, "state", None)
    if state is not None:
        out["state"] = state_json(state)
    return out


# --- reading -------------------------------------------------------------------------------------

_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxlong, _REPR.maxother = 2, 30, 30, 30
_REPR.maxlist = _REPR.maxdict = 4
E = TypeVar("E", bound=Enum)


class Reader:
    """Typed, bounded access to one decoded JSON object; every failure names its field."""

    def __init__(self, data: Any, path: str, allowed: Sequence[str], required: Sequence[str] = ()) -> None:
        if not isinstance(data, dict):
            raise MessageError(f"{path}: expected an object, not {_shown(data)}")
        unknown = sorted(str(k) for k in data if k not in allowed)
        if unknown:
            raise MessageError(f"{path}: unknown field {_shown(unknown[0])}")
        missing = [k for k in required if k not in data]
        if missing:
            raise MessageError(f"{path}: missing field {missing[0]!r}")
        self.data: dict[str, Any] = data
        self.path = path

    def at(self, key: str) -> str:
        return f"{self.path}.{key}"

    def has(self, key: str) -> bool:
        return key in self.data

    def integer(self, key: str, low: int, high: int, default: int | None = None) -> int:
        value = self.data.get(key, default)
        return whole(value, self.at(key), low, high)

    def flag(self, key: str, default: bool | None = None) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise MessageError(f"{self.at(key)}: expected true or false, not {_shown(value)}")
        return value

    def text(self, key: str, most: int, default: str | None = None) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str):
            raise MessageError(f"{self.at(key)}: expected text, not {_shown(value)}")
        if len(value) > most:
            raise MessageError(f"{self.at(key)}: longer than {most} characters")
        return value

    def enum(self, key: str, kind: type[E], default: E | None = None) -> E:
        return enum_value(self.data.get(key, default), kind, self.at(key))

    def number(self, key: str, low: float, high: float, default: float | None = None) -> float:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                or not low <= value <= high:
            raise MessageError(f"{self.at(key)}: expected a number {low:g}..{high:g}, not {_shown(value)}")
        return float(value)

    def items(self, key: str, most: int) -> list[Any]:
        value = self.data.get(key)
        return sized_list(value, self.at(key), most)

    def cards(self, key: str) -> int:
        return card_set(self.data.get(key), self.at(key))

    def sub(self, key: str, allowed: Sequence[str], required: Sequence[str] = ()) -> Reader:
        return Reader(self.data.get(key), self.at(key), allowed, required)


def _shown(value: Any) -> str:
    return _REPR.repr(value)


def whole(value: Any, path: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MessageError(f"{path}: expected a whole number {low}..{high}, not {_shown(value)}")
    return value


def enum_value(value: Any, kind: type[E], path: str) -> E:
    try:
        return kind(value)
    except (ValueError, TypeError):
        names = ", ".join(str(k.value) for k in kind)
        raise MessageError(f"{path}: expected one of {names}, not {_shown(value)}") from None


def sized_list(value: Any, path: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise MessageError(f"{path}: expected a list, not {_shown(value)}")
    if len(value) > most:
        raise MessageError(f"{path}: more than {most} items")
    return value


def card_set(value: Any, path: str) -> int:
    codes = sized_list(value, path, 54)
    for i, code in enumerate(codes):
        if not isinstance(code, str) or len(code) > 5:
            raise MessageError(f"{path}[{i}]: expected a card code, not {_shown(code)}")
    try:
        return parse_cards(codes)
    except ValueError as error:
        raise MessageError(f"{path}: {error}") from None


def clean_name(value: str, path: str = "name") -> str:
    """A player's name as shown: trimmed, 1 to ``MAX_NAME`` characters, no control or invisible characters."""
    name = " ".join(value.split())
    if not name:
        raise MessageError(f"{path}: empty")
    if len(name) > MAX_NAME:
        raise MessageError(f"{path}: longer than {MAX_NAME} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp") for ch in name):
        raise MessageError(f"{path}: control or invisible characters")
    return name


def decode(text: str | bytes, direction: str, rules: RuleSet | None = None) -> Message:
    """The message in ``text`` as sent by a ``CLIENT`` or a ``SERVER``, every field checked.

    A server's messages about a game need the table's ``rules`` (from its
    ``Welcome``); without them a ``Snapshot`` or ``Update`` is refused.
    """
    limit = MAX_CLIENT_BYTES if direction == CLIENT else MAX_SERVER_BYTES
    if isinstance(text, bytes):
        raise MessageError("message: binary frames are not part of the protocol")
    if len(text) > limit:  # characters; the WebSocket layer has already capped the bytes
        raise MessageError(f"message: longer than {limit} bytes")
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int)
    except (ValueError, RecursionError) as error:
        raise MessageError(f"message: not JSON ({str(error)[:80]})") from None
    if not isinstance(data, dict):
        raise MessageError("message: expected a JSON object")
    kind = data.get("type")
    types = CLIENT_TYPES if direction == CLIENT else SERVER_TYPES
    if not isinstance(kind, str) or kind not in types:
        raise MessageError(f"type: expected one of {', '.join(types)}, not {_shown(kind)}")
    message: Message = _READERS[kind](data, rules)
    return message


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > 20:
        raise ValueError("a number with too many digits")
    return int(text)


def _hello(data: dict[str, Any], rules: RuleSet | None) -> Hello:
    r = Reader(data, "hello", ("type", "protocol", "app", "name", "code", "token", "records"),
               ("protocol", "name", "code"))
    protocol, app = _version(r)
    return Hello(name=clean_name(r.text("name", 200), "hello.name"), code=table_code(r.text("code", 20), "hello.code"),
                 token=r.text("token", MAX_TOKEN, ""), records=r.integer("records", 0, MAX_GAMES, 0), protocol=protocol,
                 app=app)


def _version(r: Reader) -> tuple[int, str]:
    return r.integer("protocol", 0, 1_000_000), r.text("app", 40, APP)


def table_code(value: str, path: str = "code") -> str:
    """A table code as typed (spaces and dashes ignored, any case)."""
    code = value.replace(" ", "").replace("-", "").upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise MessageError(f"{path}: expected {CODE_LENGTH} characters of {CODE_ALPHABET}")
    return code


def read_settings(value: Any, path: str) -> TableSettings:
    r = Reader(value, path, ("preset", "players", "overrides", "games", "level", "turn_timer", "drop_timeout"),
               ("preset", "players"))
    preset = r.text("preset", 20)
    if preset not in PRESETS:
        raise MessageError(f"{r.at('preset')}: unknown preset {_shown(preset)}")
    players = r.integer("players", MIN_PLAYERS, MAX_PLAYERS)
    overrides = r.data.get("overrides", {})
    if not isinstance(overrides, dict) or len(overrides) > 64:
        raise MessageError(f"{r.at('overrides')}: expected an object of rule switches")
    for key, switch in overrides.items():
        if len(key) > 40 or not (switch is None or isinstance(switch, (bool, int, str))) \
                or (isinstance(switch, str) and len(switch) > 40):
            raise MessageError(f"{r.at('overrides')}: {_shown(key)} is not a rule switch's value")
    games = None if r.data.get("games") is None else r.integer("games", 1, MAX_GAMES)
    settings = TableSettings(preset=preset, players=players, overrides=dict(overrides), games=games,
                             level=Level(r.enum("level", Level, Level.NORMAL)),
                             turn_timer=r.integer("turn_timer", 0, 600, 0),
                             drop_timeout=r.integer("drop_timeout", 0, 3600, 60))
    try:
        rules = settings.rules()
    except (RuleError, TypeError, ValueError) as error:
        raise MessageError(f"{path}: {str(error)[:160]}") from None
    if games is not None and not rules.info.match_end.choosable:
        raise MessageError(f"{r.at('games')}: the {preset} rules fix the match length")
    return settings


def _create(data: dict[str, Any], rules: RuleSet | None) -> Create:
    r = Reader(data, "create", ("type", "protocol", "app", "name", "table", "key", "resume"),
               ("protocol", "name", "table"))
    protocol, app = _version(r)
    resume = r.data.get("resume")
    if resume is not None and not isinstance(resume, dict):
        raise MessageError("create.resume: expected an object")
    return Create(name=clean_name(r.text("name", 200), "create.name"),
                  table=read_settings(r.data["table"], "create.table"),
                  key=r.text("key", MAX_TOKEN, ""), resume=resume, protocol=protocol, app=app)


def _empty(kind: type[Start | Ready | Leave]) -> Callable[[dict[str, Any], RuleSet | None], Start | Ready | Leave]:
    def read(data: dict[str, Any], rules: RuleSet | None) -> Start | Ready | Leave:
        Reader(data, _TYPES[kind], ("type",))
        return kind()
    return read


def read_play(value: Any, path: str) -> Play:
    """A play as sent: its cards and reading, each in range (whether it is a reading of the cards is the engine's
    question: ``Game.verify``)."""
    r = Reader(value, path, ("cards", "kind", "rank", "size", "suits"), ("cards", "kind", "rank", "size", "suits"))
    cards = r.cards("cards")
    if not cards:
        raise MessageError(f"{r.at('cards')}: no cards")
    kind = Kind(r.integer("kind", 1, 3))
    return Play(cards, kind, r.integer("rank", -1, 13), r.integer("size", 1, 54), r.integer("suits", 0, 15))


def _act(data: dict[str, Any], rules: RuleSet | None) -> Act:
    r = Reader(data, "act", ("type", "step", "play"), ("step", "play"))
    step = r.integer("step", 0, MAX_STEP)
    raw = r.data["play"]
    return Act(step, None if raw is None else read_play(raw, "act.play"))


def _give(data: dict[str, Any], rules: RuleSet | None) -> Give:
    r = Reader(data, "give", ("type", "step", "cards"), ("step", "cards"))
    step = r.integer("step", 0, MAX_STEP)
    cards = r.cards("cards")
    if not cards:
        raise MessageError("give.cards: no cards")
    return Give(step, cards)


def _react(data: dict[str, Any], rules: RuleSet | None) -> React:
    r = Reader(data, "react", ("type", "stamp"), ("stamp",))
    return React(r.enum("stamp", Stamp))


def _welcome(data: dict[str, Any], rules: RuleSet | None) -> Welcome:
    r = Reader(data, "welcome", ("type", "protocol", "code", "player", "token", "owner", "table"),
               ("protocol", "code", "player", "token", "owner", "table"))
    table = read_settings(r.data["table"], "welcome.table")
    return Welcome(code=table_code(r.text("code", 20), "welcome.code"),
                   player=r.integer("player", 0, table.players - 1),
                   token=r.text("token", MAX_TOKEN), owner=r.flag("owner"), table=table,
                   protocol=r.integer("protocol", 0, 1_000_000))


def _lobby(data: dict[str, Any], rules: RuleSet | None) -> Lobby:
    r = Reader(data, "lobby", ("type", "seats", "started"), ("seats", "started"))
    seats = []
    for i, raw in enumerate(r.items("seats", MAX_PLAYERS)):
        s = Reader(raw, f"lobby.seats[{i}]", ("player", "name", "state", "person"), ("player", "name", "state"))
        name = s.text("name", MAX_NAME)
        seats.append(SeatInfo(s.integer("player", 0, MAX_PLAYERS - 1), name, s.enum("state", SeatState),
                              s.flag("person", True)))
    return Lobby(tuple(seats), r.flag("started"))


class _Game:
    """Field readers bound to one table's rules (seat numbers, counts, points in range)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.n = rules.players

    def seat(self, value: Any, path: str, none: bool = False) -> int:
        return whole(value, path, -1 if none else 0, self.n - 1)

    def seats(self, value: Any, path: str, most: int | None = None) -> tuple[int, ...]:
        items = sized_list(value, path, self.n if most is None else most)
        return tuple(self.seat(v, f"{path}[{i}]") for i, v in enumerate(items))

    def counts(self, value: Any, path: str, high: int = 54) -> tuple[int, ...]:
        items = sized_list(value, path, self.n)
        if len(items) != self.n:
            raise MessageError(f"{path}: expected {self.n} numbers")
        return tuple(whole(v, f"{path}[{i}]", 0, high) for i, v in enumerate(items))

    def points(self, value: Any, path: str) -> tuple[int, ...]:
        items = sized_list(value, path, self.n)
        return tuple(whole(v, f"{path}[{i}]", -1_000_000, 1_000_000) for i, v in enumerate(items))

    def play(self, value: Any, path: str) -> Play | None:
        return None if value is None else read_play(value, path)

    def state(self, value: Any, path: str) -> PublicState:
        keys = ("phase", "turn", "leader", "top", "trick", "last_player", "passed", "active", "revolution", "j_back",
                "backwards", "lock", "lock_base", "counts", "stock_counts", "pile_count", "removed_count", "played",
                "finishers", "forbidden", "miyako", "gekokujo", "previous_places", "pending", "drawn_seat", "hopeless",
                "result")
        r = Reader(value, path, keys, keys)
        mask = (1 << self.n) - 1
        trick = []
        for i, raw in enumerate(r.items("trick", 60)):
            pair = sized_list(raw, f"{r.at('trick')}[{i}]", 2)
            if len(pair) != 2:
                raise MessageError(f"{r.at('trick')}[{i}]: expected [seat, play]")
            play = self.play(pair[1], f"{r.at('trick')}[{i}][1]")
            if play is None:
                raise MessageError(f"{r.at('trick')}[{i}][1]: expected a play")
            trick.append((self.seat(pair[0], f"{r.at('trick')}[{i}][0]"), play))
        pending = []
        for i, raw in enumerate(r.items("pending", self.n)):
            g = Reader(raw, f"{r.at('pending')}[{i}]", ("giver", "receiver", "count", "kind"),
                       ("giver", "receiver", "count", "kind"))
            pending.append(PendingGift(self.seat(g.data["giver"], g.at("giver")),
                                       self.seat(g.data["receiver"], g.at("receiver"), none=True),
                                       g.integer("count", 0, 54), g.enum("kind", GiftKind)))
        previous = r.data["previous_places"]
        result = r.data["result"]
        return PublicState(
            rules=self.rules, phase=r.enum("phase", Phase), turn=self.seat(r.data["turn"], r.at("turn")),
            leader=self.seat(r.data["leader"], r.at("leader")), top=self.play(r.data["top"], r.at("top")),
            trick=tuple(trick), last_player=self.seat(r.data["last_player"], r.at("last_player"), none=True),
            passed=r.integer("passed", 0, mask), active=r.integer("active", 0, mask), revolution=r.flag("revolution"),
            j_back=r.flag("j_back"), backwards=r.flag("backwards"), lock=r.integer("lock", 0, 15),
            lock_base=r.integer("lock_base", 0, 15), counts=self.counts(r.data["counts"], r.at("counts")),
            stock_counts=self.counts(r.data["stock_counts"], r.at("stock_counts")),
            pile_count=r.integer("pile_count", 0, 54), removed_count=r.integer("removed_count", 0, 54),
            played=r.cards("played"), finishers=self.seats(r.data["finishers"], r.at("finishers")),
            forbidden=self.seats(r.data["forbidden"], r.at("forbidden")),
            miyako=self.seat(r.data["miyako"], r.at("miyako"), none=True),
            gekokujo=self.seat(r.data["gekokujo"], r.at("gekokujo"), none=True),
            previous_places=None if previous is None else self.seats(previous, r.at("previous_places")),
            pending=tuple(pending), drawn_seat=self.seat(r.data["drawn_seat"], r.at("drawn_seat"), none=True),
            hopeless=r.integer("hopeless", 0, mask),
            result=None if result is None else self.game_over(result, r.at("result")),
        )

    def game_over(self, value: Any, path: str) -> GameOver:
        r = Reader(value, path, ("places", "titles", "points"), ("places", "titles", "points"))
        titles = tuple(enum_value(v, Title, f"{r.at('titles')}[{i}]") for i, v in enumerate(r.items("titles", self.n)))
        return GameOver(self.seats(r.data["places"], r.at("places")), titles,
                        self.points(r.data["points"], r.at("points")))

    def entry(self, value: Any, path: str) -> Entry:
        if isinstance(value, dict) and "gift" in value:
            return self.gift(value, path)
        keys = ("seat", "move", "top", "last_player", "passed", "lock", "lock_base", "revolution", "j_back",
                "backwards", "cleared")
        r = Reader(value, path, keys, keys)
        move: Move = self.play(r.data["move"], r.at("move")) or PASS
        cleared = r.data["cleared"]
        return Turn(self.seat(r.data["seat"], r.at("seat")), move, self.play(r.data["top"], r.at("top")),
                    self.seat(r.data["last_player"], r.at("last_player"), none=True),
                    r.integer("passed", 0, (1 << self.n) - 1), r.integer("lock", 0, 15), r.integer("lock_base", 0, 15),
                    r.flag("revolution"), r.flag("j_back"), r.flag("backwards"),
                    None if cleared is None else enum_value(cleared, ClearReason, r.at("cleared")))

    def gift(self, value: Any, path: str) -> Gift:
        """A gift entry of the history, whole: a discard (10捨て) has no receiver and shows its cards; a gift goes
        to another player and shows its cards (``size`` of them) or hides them all."""
        gift_keys = ("gift", "giver", "receiver", "cards", "size", "chosen")
        g = Reader(value, path, gift_keys, gift_keys)
        kind = g.enum("gift", GiftKind)
        giver = self.seat(g.data["giver"], g.at("giver"))
        receiver = self.seat(g.data["receiver"], g.at("receiver"), none=True)
        cards, size = g.cards("cards"), g.integer("size", 1, 54)
        if (receiver < 0) != (kind is GiftKind.TEN_DISCARD):
            raise MessageError(f"{g.at('receiver')}: a discard (10捨て) has no receiver (-1), a gift has one")
        if receiver == giver:
            raise MessageError(f"{g.at('receiver')}: a player gives to another")
        if cards.bit_count() != size and (cards or receiver < 0):
            raise MessageError(f"{g.at('cards')}: expected {size} cards" + ("" if receiver < 0 else " or none"))
        return Gift(giver, receiver, cards, size, kind, g.flag("chosen"))

    def view(self, value: Any, path: str) -> View:
        keys = ("game", "seating", "totals", "seat", "hand", "state", "history", "known", "drawn", "dealt",
                "deadline", "over")
        r = Reader(value, path, keys, keys[:-2])
        known = r.items("known", self.n)
        if len(known) != self.n:
            raise MessageError(f"{r.at('known')}: expected {self.n} card lists")
        drawn = r.cards("drawn")
        if drawn.bit_count() > 1:
            raise MessageError(f"{r.at('drawn')}: at most one card")
        seating = self.seats(r.data["seating"], r.at("seating"))
        if sorted(seating) != list(range(self.n)):
            raise MessageError(f"{r.at('seating')}: expected each player once")
        over = r.data.get("over")
        match_over = None
        if over is not None:
            o = Reader(over, r.at("over"), ("totals", "ranking"), ("totals", "ranking"))
            match_over = MatchOver(self.points(o.data["totals"], o.at("totals")),
                                   self.seats(o.data["ranking"], o.at("ranking")))
        return View(
            game=r.integer("game", 0, 10_000), seating=seating, totals=self.points(r.data["totals"], r.at("totals")),
            seat=self.seat(r.data["seat"], r.at("seat")), hand=r.cards("hand"),
            state=self.state(r.data["state"], r.at("state")),
            history=tuple(self.entry(e, f"{r.at('history')}[{i}]")
                          for i, e in enumerate(r.items("history", MAX_TURNS))),
            known=tuple(card_set(k, f"{r.at('known')}[{i}]") for i, k in enumerate(known)),
            drawn=drawn.bit_length() - 1 if drawn else -1, dealt=r.cards("dealt"),
            deadline=r.number("deadline", 0, 100_000, 0), over=match_over,
        )

    def event(self, value: Any, path: str) -> Event:
        if not isinstance(value, dict) or value.get("event") not in _EVENTS:
            raise MessageError(f"{path}.event: expected an event name")
        cls, spec = _EVENTS[value["event"]]
        has_state = cls not in (GameOver, MatchOver)
        allowed = ("event", *spec, *(("state",) if has_state else ()))
        r = Reader(value, path, allowed, allowed)
        kwargs: dict[str, Any] = {}
        for key, kind in spec.items():
            raw, where = r.data[key], r.at(key)
            if kind == _SEAT:
                kwargs[key] = self.seat(raw, where)
            elif kind == _SEATS:
                kwargs[key] = self.seats(raw, where)
            elif kind == "counts":
                kwargs[key] = self.counts(raw, where)
            elif kind == _CARDS:
                kwargs[key] = card_set(raw, where)
            elif kind == _COUNT:
                kwargs[key] = whole(raw, where, 0, 54)
            elif kind == _BOOL:
                kwargs[key] = r.flag(key)
            elif kind == _PLAY:
                kwargs[key] = read_play(raw, where)
            elif kind == _SUITS:
                kwargs[key] = whole(raw, where, 0, 15)
            elif kind == _POINTS:
                kwargs[key] = self.points(raw, where)
            elif kind is Title:
                kwargs[key] = tuple(enum_value(v, Title, f"{where}[{i}]") for i, v in enumerate(sized_list(raw, where,
                                                                                                           self.n)))
            else:
                kwargs[key] = enum_value(raw, kind, where)
        if has_state:
            kwargs["state"] = self.state(r.data["state"], r.at("state"))
        event: Event = cls(**kwargs)
        return event


def _game_reader(rules: RuleSet | None, kind: str) -> _Game:
    if rules is None:
        raise MessageError(f"{kind}: a game message before the table's welcome")
    return _Game(rules)


def _snapshot(data: dict[str, Any], rules: RuleSet | None) -> Snapshot:
    r = Reader(data, "snapshot", ("type", "step", "view"), ("step", "view"))
    view = _game_reader(rules, "snapshot").view(r.data["view"], "snapshot.view")
    return Snapshot(r.integer("step", 0, MAX_STEP), view)


def _update(data: dict[str, Any], rules: RuleSet | None) -> Update:
    r = Reader(data, "update", ("type", "step", "events", "view", "since"), ("step", "events", "view", "since"))
    game = _game_reader(rules, "update")
    events = tuple(game.event(e, f"update.events[{i}]") for i, e in enumerate(r.items("events", MAX_EVENTS)))
    return Update(r.integer("step", 0, MAX_STEP), events, game.view(r.data["view"], "update.view"),
                  r.integer("since", 0, MAX_TURNS))


def _rejected(data: dict[str, Any], rules: RuleSet | None) -> Rejected:
    r = Reader(data, "rejected", ("type", "reason", "message", "step"), ("reason", "message"))
    return Rejected(r.enum("reason", Refusal), r.text("message", MAX_TEXT), r.integer("step", 0, MAX_STEP, 0))


def _refused(data: dict[str, Any], rules: RuleSet | None) -> Refused:
    r = Reader(data, "refused", ("type", "protocol", "reason", "message"), ("reason", "message"))
    return Refused(r.enum("reason", Refusal), r.text("message", MAX_TEXT),
                   r.integer("protocol", 0, 1_000_000, PROTOCOL))


def _reaction(data: dict[str, Any], rules: RuleSet | None) -> Reaction:
    r = Reader(data, "reaction", ("type", "player", "stamp"), ("player", "stamp"))
    return Reaction(r.integer("player", 0, MAX_PLAYERS - 1), r.enum("stamp", Stamp))


def _record(data: dict[str, Any], rules: RuleSet | None) -> GameRecord:
    r = Reader(data, "record", ("type", "game", "record"), ("game", "record"))
    record = r.data["record"]
    if not isinstance(record, dict):
        raise MessageError("record.record: expected an object (a game record)")
    return GameRecord(r.integer("game", 0, 10_000), record)


def _closed(data: dict[str, Any], rules: RuleSet | None) -> Closed:
    r = Reader(data, "closed", ("type", "reason", "saved"), ("reason",))
    return Closed(r.enum("reason", Closing), r.flag("saved", False))


_READERS: Final[dict[str, Callable[[dict[str, Any], RuleSet | None], Any]]] = {
    "hello": _hello, "create": _create, "start": _empty(Start), "act": _act, "give": _give, "ready": _empty(Ready),
    "react": _react,
    "leave": _empty(Leave), "welcome": _welcome, "lobby": _lobby, "snapshot": _snapshot, "update": _update,
    "rejected": _rejected, "refused": _refused, "reaction": _reaction, "record": _record, "closed": _closed,
}


def observation_of(view: View) -> Observation:
    """The engine's observation a view holds (the same value ``observe(game, seat)`` gives on the server)."""
    return Observation(seat=view.seat, hand=view.hand, state=view.state, history=view.history, known=view.known,
                       drawn=view.drawn, dealt=view.dealt)


__all__ = [
    "APP",
    "CLIENT",
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "MAX_CLIENT_BYTES",
    "MAX_NAME",
    "MAX_SERVER_BYTES",
    "PROTOCOL",
    "SERVER",
    "Act",
    "ClientMessage",
    "Closed",
    "Closing",
    "Create",
    "GameRecord",
    "Give",
    "Hello",
    "Leave",
    "Lobby",
    "Message",
    "MessageError",
    "React",
    "Reaction",
    "Ready",
    "Refusal",
    "Refused",
    "Rejected",
    "SeatInfo",
    "SeatState",
    "ServerMessage",
    "Snapshot",
    "Stamp",
    "Start",
    "TableSettings",
    "Update",
    "View",
    "Welcome",
    "clean_name",
    "decode",
    "encode",
    "event_json",
    "observation_of",
    "read_settings",
    "rules_json",
    "state_json",
    "table_code",
    "to_json",
    "view_json",
]
