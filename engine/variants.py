"""The settings of a game besides the six-card game to 121 (docs/rules.md
V1, V5, V6): ``check_settings`` gives the target a game of the settings is
played to, or a ValueError naming the settings the rules have; ``end`` ends
a game of fixed deals after its last deal. ``engine.game`` imports this
module for a game of such settings. Imports engine.deal.
"""

from engine.deal import MAX_DEALS, TIE


def check_settings(target, variant, deals):
    """engine.game's ``check_settings``: six-card to 121 or 61, five-card to
    61 (V5), or an even number of deals 2..MAX_DEALS with no target (V6)."""
    if target is None and not deals:
        target = 61 if variant == "five" else 121
    if (
        variant not in ("six", "five")
        or not isinstance(deals, int)
        or (deals and (deals % 2 or not 2 <= deals <= MAX_DEALS or target))
        or (not deals and target != 61 and (target != 121 or variant == "five"))
    ):
        raise ValueError(
            "settings: six-card to 121 or 61, five-card to 61 (V5), or an even number"
            " of deals 2..%d with no target (V6)" % MAX_DEALS
        )
    return target or 0


def end(g):
    """V6: after the last deal of game ``g`` the higher total wins; equal
    totals tie; no skunks."""
    s0, s1 = g.scores
    g.winner = 0 if s0 > s1 else 1 if s1 > s0 else TIE
    g.skunk = ""
    g.phase = "over"
    g.events.append(("end", g.winner, s0, s1, ""))
