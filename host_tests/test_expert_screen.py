# portable
"""The play screen against the expert level: a play the expert rolls out
(engine.rollout) is made a step a frame (firmware.play.opponent_turn's
``turn``), so no frame holds the whole of it, and the card laid is the one
the expert lays at once from the same view; the game ends and its log
replays. Runs on CPython and MicroPython."""

from engine import opponent
from engine.rng import Rng
from firmware.play.screen import PlayScreen
from playdriver import check_log_agrees, new_driver, play_game, screen

_rolled = []  # (view, card laid, frames taken) of each play made in steps


def _watched(update):
    # the screen's frames, watched: a decision made a step a frame
    # (``screen.steps``), the frames it takes and the card it lays. The
    # screen, not the expert's class: on a device the screen forgets the
    # computer's code between its decisions and loads it again for the next
    # (firmware.play.heap.cpu_code), the expert's module with it
    def frame(self, dt, events):
        stepping = self.steps is not None
        if stepping:
            _rolled[-1][2] += 1
        else:
            view = self.game.view(1) if self.game is not None else None
        changed = update(self, dt, events)
        if stepping and self.steps is None:
            _rolled[-1][1] = self.chosen[0]
        elif not stepping and self.steps is not None:
            _rolled.append([view, None, 0])
        return changed

    return frame


def test_the_experts_rollouts_take_a_frame_each_and_lay_its_card():
    made = PlayScreen.update
    PlayScreen.update = _watched(made)
    try:
        del _rolled[:]
        d = new_driver(seed=9, target=61, level="expert")
        # the driver's frames pass 250 ms each: the steps a frame each would
        # dim the panel (whose waking press reaches no screen) long before a
        # device's frames of them do
        d.app.power.dim_ms = d.app.power.off_ms = 0
        s = screen(d)
        assert s.level == "expert"
        play_game(d, 9)
        assert max(s.game.scores) >= 61
        check_log_agrees(d)
        assert d.app.errors == 0
    finally:
        PlayScreen.update = made
    assert len(_rolled) >= 3
    exp = opponent.make("expert", Rng(1).below(100) + 1)
    from engine import rollout

    for view, card, frames in _rolled:
        # a few frames, the last of which ends it: never more than the steps
        assert 1 < frames <= rollout.STEPS + 1
        assert card == exp.play(view)


def test_the_hint_at_the_expert_level_is_the_experts_rollouts_a_frame_each():
    # hints use the expert's evaluation when it is the level; a play it
    # rolls out is weighed a step a frame, and its card comes first
    from engine.expert import Expert
    from firmware.hal import A, B, DOWN
    from playdriver import decide, wait_for_you

    d = new_driver(seed=9, target=61, level="expert")
    d.app.power.dim_ms = d.app.power.off_ms = 0
    s = screen(d)
    n = 0
    while True:
        assert wait_for_you(d) != "over", "no play the expert rolls out"
        view = s.game.view(0)
        if s.game.phase == "play" and Expert().slow(view):
            break
        decide(d, Rng(n + 5))
        n += 1
    want = Expert().play(view)
    d.press(B)  # the pause menu
    d.press(DOWN)
    d.press(A)  # Hint
    top = d.app.stack[-1]
    # by name: on a device firmware.working is forgotten whenever the play
    # screen is back on top (a page left), and its class is then a new one
    assert type(top).__name__ == "Working" and top.title == "Hint"
    frames = 0
    while type(d.app.stack[-1]).__name__ == "Working":
        d.tick(1)
        frames += 1
    # the expert's budget a few frames at a time: no frame holds it all,
    # nor does it take more frames than rollout.STEPS
    from engine import rollout

    assert 2 <= frames <= rollout.STEPS + 2
    out = [None, None, 0]
    for _ in rollout.steps(view, rollout.SAMPLES, out, True, rollout.WORK):
        pass
    page = d.app.stack[-1]
    assert page.title == "Hint" and page.lines[0] == "Play (net, %d hands):" % out[2]
    from firmware.play.table import card_text

    assert page.lines[1].split()[0] == card_text(want)
    d.press(A)
    assert d.app.stack[-1] is s and d.app.errors == 0
