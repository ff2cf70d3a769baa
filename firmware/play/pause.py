"""The play screen's pause menu (B during a game): back to the game, a hint
for the decision you face (firmware.play.hint), save and quit, your chance
to win shown along the LED board's tracks for 3 s ("Odds on board", as in
the score keeper's menu), abandon the match (asked again first). Loaded
when a game is paused, and forgotten when the game is back on top
(``firmware.play.screen``'s ``enter``), as it is when a hint opens: the
hint's code is its own, so the menu's goes while the hint works. Imports
``firmware.ui.screen``, ``firmware.ui.list_screen``; ``firmware.play.hint`` for a hint
(``firmware.play.expert_hint`` at the expert level).

``play`` is the ``firmware.play.screen.PlayScreen`` paused: its ``game``,
its ``table``, ``quit()`` and ``abandon()``.
"""

from firmware.ui.list_screen import ListScreen
from firmware.ui.screen import MessageScreen


class PauseMenu(ListScreen):
    ITEMS = ("Back to the game", "Hint", "Save and quit", "Odds on board", "Abandon match")

    def __init__(self, play):
        ListScreen.__init__(self, "Paused", list(self.ITEMS))
        self.play = play

    def choose(self, index):
        app = self.app
        if index == 0:
            app.pop()
        elif index == 1:
            from firmware.play import hint

            working = None
            if getattr(self.play, "level", "") == "expert":
                from firmware.play.expert_hint import expert_hint

                working = expert_hint(self.play)
            if working is None and getattr(app.hw, "staged", False):
                working = hint.hint_frames(self.play)  # a device: the code, then the hint
            app.pop()
            if working is not None:  # the expert's own evaluation, in frames
                app.push(working)
            else:
                app.push(MessageScreen("Hint", hint.hint_text(self.play)))
        elif index == 2:
            app.pop()
            self.play.quit()
        elif index == 3:  # your chance to win along the two tracks of the LED board, for 3 s
            odds = self.play.table.odds
            app.pop()
            if odds is None:
                app.push(MessageScreen("Odds", "No chance to win is known for this game."))
            elif app.pegboard is not None:
                app.pegboard.show_odds(odds, 3000)
        else:
            app.replace(AbandonMenu(self.play))


class AbandonMenu(ListScreen):
    def __init__(self, play):
        ListScreen.__init__(self, "Abandon the match?", ["No, play on", "Yes, abandon it"])
        self.play = play

    def choose(self, index):
        self.app.pop()
        if index == 1:
            self.play.abandon()
