"""The game-over page's text and drawing, shared by the play screen (the
demo's page over its table, and the picture your game ends on:
firmware.play.game_over) and the game-over mode (firmware.play.finished),
so both show the same page. ``fill(page, match, counted, winner, s0, s1,
skunk)`` sets ``page``'s ``title``, ``lines``, ``foot`` and
``match_over`` from the match and its game's end, reading its ``names``
and ``human``; ``draw(cv, page)`` draws them. Imports nothing.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# texts under 11 characters as const()s: as literals they would be names
# interned for good on a device
_YOU_WIN = const("You win!")
_WINS = const("%s wins")
_SKUNK = const("Skunk!")
_GAME_OVER = const("Game over")


def fill(page, match, counted, winner, s0, s1, skunk):
    """The page's text for ``match``'s game won by seat ``winner`` (2 a
    tie, V6) at ``s0``-``s1``; ``counted``: the match has counted this game
    already (``Match.next_game``). Sets ``page.match_over``; returns the
    match's wins with this game."""
    wins = list(match.wins)
    if not counted and winner < 2:  # 2: a tie (V6), which counts for neither
        wins[winner] += 1  # the match counts this game at next_game()
    names = page.names
    human = page.human
    if winner > 1:
        head = "A tie after %d deals" % match.deals
    elif human:
        head = _YOU_WIN if winner == 0 else "The computer wins"
    else:
        head = _WINS % names[winner]
    lines = [head, "%s %d  %s %d" % (names[0], s0, names[1], s1)]
    if skunk:
        lines.append("Double skunk!" if skunk == "double-skunk" else _SKUNK)
    games = match.games
    page.match_over = over = max(wins) * 2 > games
    if games > 1:
        lines.append("Match %d-%d (best of %d)" % (wins[0], wins[1], games))
        if over:
            w = 0 if wins[0] > wins[1] else 1
            lines.append("%s win%s the match!" % (names[w], "" if w == 0 and human else "s"))
    page.title = "Game over  \x88review" if human else _GAME_OVER  # DOWN: the coach
    page.lines = lines
    # A: the same settings again, or the match's next game (the demo's next)
    page.foot = "A: rematch  B: menu" if over and human else "A: next game  B: menu"
    page.runs = None  # laid out at the next draw
    return wins


def draw(cv, page):
    """The page: its title bar, its lines centred, its foot. The strings are
    laid out at the first draw after ``fill`` and drawn by one ``texts``
    call: a page drawn after a game, on the heap the game has fragmented,
    took 8.5-10.9 ms a string a call (budget 8 ms; emulated Pico,
    MicroPython v1.28.0)."""
    runs = page.runs
    if runs is None:
        w = cv.width
        runs = [(page.title, (w - cv.text_width(page.title)) // 2, 1, 0)]
        y = 11
        for s in page.lines:
            runs.append((s, (w - cv.text_width(s)) // 2, y, 1))
            y += 9
        runs.append((page.foot, (w - cv.text_width(page.foot)) // 2, 56, 1))
        page.runs = runs
    cv.box(0, 0, cv.width, 9, 1, True)  # the title bar (title_bar's)
    cv.texts(runs)
