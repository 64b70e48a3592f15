"""What happened: the typed events a checked move returns, for the UI to animate.

Events carry full information (the cards an exchange moved, the card a player
drew); a screen shows a player only what that player may see.  Places are
0-based (0 is 1st place).  Each event a game returns also carries ``state``,
the public state right after it (not part of the event's equality), so a
screen can show exactly that moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING

from .plays import Play
from .rules import Title

if TYPE_CHECKING:
    from .state import PublicState

class LeadReason(str, Enum):
    """Why a seat leads the first trick of a game."""

    DIAMOND3 = "diamond3"
    SPADE3 = "spade3"
    RANDOM = "random"
    LOWEST_CLASS = "lowest_class"
    LOSER = "loser"
    FIRST_LEADER = "first_leader"
    """Later games led like the first (the ♦3, UECda)."""
    GIVEN = "given"
    """The player's 先攻/後攻 choice, or a record's leader."""


class ClearReason(str, Enum):
    """Why the table cleared."""

    PASSES = "passes"
    """Everyone passed: the last player to play leads."""
    EIGHT_CUT = "eight_cut"
    SPADE3_RETURN = "spade3_return"
    PASS = "pass"
    """A pass cleared it at once (``clear_on_pass``)."""
    SANDSTORM = "sandstorm"
    """Three 3s (砂嵐)."""
    AMBULANCE = "ambulance"
    """Two 9s (救急車)."""
    FIVE_SKIP = "five_skip"
    """The skip of a 5 came round to the player who played it."""


class DrawSource(str, Enum):
    STOCK = "stock"
    """The 5-card mode's refill from the player's own stock."""
    PILE = "pile"
    """Drawing from the common pile after a pass (the Akita 2-player rule)."""


STATE = field(default=None, compare=False, repr=False)
"""The last field of every event but the results: the public state right after it (None in an
event made by hand).  ``GameOver`` is the result itself (``PublicState.result``)."""


@dataclass(frozen=True, slots=True)
class Dealt:
    counts: tuple[int, ...]
    """Cards in each seat's hand after the deal."""
    first: int
    """The seat that received the first card."""
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class Exchanged:
    giver: int
    receiver: int
    cards: int
    """The cards (0 when hidden from the viewer: see ``visible_to``)."""
    chosen: bool
    """True when the giver chose the cards (an upper class), False for the strongest cards."""
    count: int
    """How many cards changed hands (always visible)."""
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class Started:
    leader: int
    reason: LeadReason
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    play: Play
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class Drew:
    seat: int
    cards: int
    """The cards drawn (0 when hidden from the viewer: see ``visible_to``)."""
    source: DrawSource
    count: int = 0
    """How many cards were drawn (always visible)."""
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class TrickCleared:
    leader: int
    reason: ClearReason
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class Revolution:
    seat: int
    active: bool
    """False when this play was a counter-revolution (革命返し)."""
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class JBack:
    seat: int
    active: bool
    """False when a further J turned the J-back off again."""
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class Locked:
    seat: int
    suits: int
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class EightCut:
    seat: int
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class Spade3Return:
    seat: int
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class Sandstorm:
    seat: int
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class Ambulance:
    seat: int
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class FiveSkip:
    seat: int
    skipped: tuple[int, ...]
    """The seats that lose their turn, in the order they would have played."""
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class NineReverse:
    seat: int
    backwards: bool
    """The direction now: True when turns go the other way round."""
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class SevenPass:
    """7渡し: cards handed to the next player."""

    giver: int
    receiver: int
    cards: int
    """The cards (0 when hidden from the viewer: see ``visible_to``)."""
    count: int
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class TenDiscard:
    """10捨て: cards discarded face up."""

    seat: int
    cards: int
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class Finished:
    seat: int
    place: int
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class ForbiddenFinish:
    seat: int
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class HopelessHand:
    """Only 8s and jokers left with an empty stock: the player loses at once."""

    seat: int
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class MiyakoOchi:
    seat: int
    """The reigning 大富豪 who leaves the game."""
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class Gekokujo:
    seat: int
    """The previous 大貧民 who took 1st place."""
    state: PublicState | None = STATE


@dataclass(frozen=True, slots=True)
class GameOver:
    places: tuple[int, ...]
    """Seats from 1st to last."""
    titles: tuple[Title, ...]
    """By seat."""
    points: tuple[int, ...]
    """By seat."""


@dataclass(frozen=True, slots=True)
class MatchOver:
    totals: tuple[int, ...]
    """Points by player."""
    ranking: tuple[int, ...]
    """Players from best to worst."""


Event = (
    Dealt | Exchanged | Started | Played | Passed | Drew | TrickCleared | Revolution | JBack | Locked
    | EightCut | Spade3Return | Sandstorm | Ambulance | FiveSkip | NineReverse | SevenPass | TenDiscard
    | Finished | ForbiddenFinish | HopelessHand | MiyakoOchi | Gekokujo | GameOver | MatchOver
)


def state_after(event: Event) -> PublicState | None:
    """The public state right after ``event`` (None for the results and for events made by hand)."""
    return None if isinstance(event, (GameOver, MatchOver)) else event.state


def visible_to(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may see it: cards exchanged or drawn by others are hidden (0)."""
    if isinstance(event, (Exchanged, SevenPass)) and seat not in (event.giver, event.receiver):
        return replace(event, cards=0)
    if isinstance(event, Drew) and event.seat != seat:
        return replace(event, cards=0)
    return event
