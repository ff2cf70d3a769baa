"""Reading a saved score keeper (``firmware.keeper.game``'s payload, versions 1
and 2) and checking it: every field, every action, and that no action comes
after the game was won: ``from_bytes``. Imported by ``firmware.keeper.control``
only when a record is loaded (resuming, or rolling back a save that failed),
so the checks take no heap while the keeper is used. Imports
``firmware.keeper.game``.
"""

from firmware.keeper.game import DEAL, VERSION, Keeper

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_ADD = const(1)  # firmware.keeper.game's
_HEELS = const(2)  # firmware.keeper.game's
_ENTRY = const(4)  # firmware.keeper.game's
_START = const(5)  # firmware.keeper.game's
_MAX_ACTIONS = const(400)  # firmware.keeper.game's
_MAX_AWARD = const(29)  # firmware.keeper.game's
_MAX_ENTRY = const(99)  # firmware.keeper.game's
_HEAD2 = const(23)  # firmware.keeper.game's: version 2's head
_HEAD = const(18)  # version 1's head


def from_bytes(data, version=VERSION):
    """The ``Keeper`` saved in ``data`` (version 1 or 2); ValueError saying
    what is wrong."""
    if version == 1:
        head = _HEAD
        if len(data) < head:
            raise ValueError("keeper record too short")
        deals = 0
        base = list(data[8:14])
        o = 14
    elif version == 2:
        head = _HEAD2
        if len(data) < head:
            raise ValueError("keeper record too short")
        deals = data[8]
        base = [data[9 + 2 * i] << 8 | data[10 + 2 * i] for i in range(4)]
        base.append(data[17])
        base.append(data[18])
        o = 19
    else:
        raise ValueError("keeper format %d is not known" % version)
    flags = data[4]
    if flags > (3 if version == 1 else 7) or base[4] > 1:  # bit 1: ``own``, bit 2: five
        raise ValueError("keeper record names a dealer other than A or B")
    five = bool(flags & 4)
    if deals and data[0]:
        raise ValueError("keeper record has a target and fixed deals")
    k = Keeper(
        121 if deals else data[0],
        data[1],
        (data[2], data[3]),
        flags & 1,
        flags & 2,
        five,
        deals,
    )
    k.wins = [data[5], data[6]]
    k.game_no = data[7]
    need = k.best_of // 2 + 1
    if k.wins[0] >= need or k.wins[1] >= need or k.game_no < 1:
        raise ValueError("keeper record has an impossible match tally")
    n = (data[o] << 8) | data[o + 1]
    pos = (data[o + 2] << 8) | data[o + 3]
    if len(data) != head + 3 * n or pos > n or n > _MAX_ACTIONS:
        raise ValueError("keeper record has the wrong length")
    played = k.wins[0] + k.wins[1]
    if played != k.game_no - 1 if not deals else played > k.game_no - 1:
        raise ValueError("keeper record has an impossible match tally")
    for side in (0, 1):
        if (k.target and base[side] >= k.target) or base[side + 2] > base[side]:
            raise ValueError(
                "keeper record has impossible scores (%d-%d to %d)" % (base[0], base[1], k.target)
            )
    if base[5] < 1 or (deals and base[5] > deals):
        raise ValueError("keeper record has an impossible deal number")
    k.base = base
    acts = data[head:]
    fresh = base[0] == base[1] == 0 and base[5] == 1
    for i in range(0, 3 * n, 3):
        op, a, b = acts[i], acts[i + 1], acts[i + 2]
        ok = (
            (op == _ADD and a < 2 and 1 <= b <= _MAX_AWARD)
            or (op in (_HEELS, DEAL) and a == 0 and b == 0)
            or (op == _ENTRY and a <= _MAX_ENTRY and b <= _MAX_ENTRY)
            or (op == _START and five and fresh and i == 0 and a == 0 and b == 0)
        )
        if not ok:
            raise ValueError("keeper record holds an unknown action")
    k.actions = bytearray(acts)
    _replay_checked(k, n)  # every action, the undone ones too, must be one the table makes
    k.pos = pos
    k._replay()
    return k


def _replay_checked(k, n):
    # the first ``n`` actions replayed, refusing one after the game was won (never saved so)
    k.pos = 0
    k._replay()
    a = k.actions
    for i in range(0, n * 3, 3):
        if k.winner >= 0:
            raise ValueError("keeper record holds an action after the game was won")
        k._apply(a[i], a[i + 1], a[i + 2])
