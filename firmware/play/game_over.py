"""A game's end on the play screen (``open_over``). Your game ends into the
game-over mode (firmware.play.finished): the match saved with the game
whole, the page's picture drawn (firmware.play.over_page), and the app
ended into that mode, which counts the game, writes its log and deals the
next from a heap of its own. The demo's page (and yours when the save
could not be written) is a screen over the play screen, ``GameOverPage``:
A ``after_game``, the match's next game or a rematch; DOWN the review.
Imports ``firmware.keys`` (the button bits), ``firmware.ui.buttons``,
``firmware.play.over_page``, ``firmware.play.page`` and
``firmware.play.table``; ``firmware.play.review`` when used.
"""

from firmware.keys import DOWN, A
from firmware.ui import buttons
from firmware.play import over_page
from firmware.play.page import Page
from firmware.play.table import NO_PAGE, OVER_PAGE

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_OVER_QUIET = const(1500)  # the page ignores presses begun this long (ms)
_OVER_AUTO = const(5000)  # the demo: a finished game stays this long (ms)
MODE = "game_over"  # the game-over mode (firmware/screens/game_over.py)


def open_over(screen, winner, s0, s1, skunk):
    """The end of ``screen``'s game (the play screen's; won by seat
    ``winner``, 2 a tie, at ``s0``-``s1``): yours saved whole and the app
    ended into the game-over mode on the page's picture; the demo's page
    (or yours, the save refused) over the table, with the LED board's chase."""
    t = screen.table
    counted = screen.over_seen
    t.page = OVER_PAGE
    t.page_ms = _OVER_AUTO
    over_page.fill(t, screen.match, counted, winner, s0, s1, skunk)
    if screen.human and screen._save():
        screen.app.switch(MODE, lambda cv: over_page.draw(cv, t))
        return
    screen.app.push(GameOverPage(screen))
    if not counted:
        screen.over_seen = True
        peg = screen.app.pegboard
        if peg is not None:
            peg.celebrate(winner if winner < 2 else -1)  # 2: a tie (V6)


class GameOverPage(Page):
    """The game-over page over the play screen: A leaves it for the
    match's next game or a rematch (``after_game``; the demo: its time or
    any key); DOWN, your game's review (``firmware.play.review``). It takes
    a press only once it has shown for a moment (``quiet``): an A made to
    skip the last show's lines must not start the next game or a rematch
    unseen."""

    views = True  # for ``quiet``: its view never changes

    def quiet(self, view):
        return _OVER_QUIET if self.table.human else 0

    def keys(self, dt, events, stepped):
        t = self.table
        if t.human and buttons.happened(events, "press", DOWN):
            from firmware.play.review import review

            review(self.play)
            return True
        t.page_ms -= dt
        if buttons.happened(events, "press", A) or (not t.human and (t.page_ms <= 0 or stepped)):
            after_game(self.play)
            return True
        return False

    def draw(self, cv):
        over_page.draw(cv, self.table)


def after_game(screen):
    """The page left: the match's next game, or (the match over) its
    ``_finished`` (a rematch; the demo's next game)."""
    if screen.table.match_over:
        screen._finished()  # the page stays until the rematch is dealt
        return
    screen.table.page = NO_PAGE
    screen.match.next_game()
    screen._begin(screen.match)
    screen.queue = screen.game.take_events()
    screen._save()
