"""The profile section of tools/bench/devbench.py: an order of use
(tools/bench/devorders.py) played as in the game section, and every frame
slower than ``limit_ms`` said on a line with what it spent where. Runs ON
the target beside devbench; imports gc, sys and devbench (its Rig, clock
and ``where``), devorders.

    devbench.main("profile", order, limit_ms)

A line a slow frame, ``@@ pf US ...``: the frame's microseconds; ``upd``
(the screen's update and the rest of the tick: the total less the draw and
the LED board), ``draw`` (clear, the screen's draw and the OLED's show),
``show``, ``leds`` (the strip's write); ``gc`` 1 when the heap in use fell
somewhere in the frame (a collection ran in it); ``+mod`` each module
loaded in it; ``was`` the state before the frame (the top screen, and of
the play screen under it: ``s`` starting, ``e`` its end running, ``q`` moves
queued, ``w`` a wait, ``m`` the table's mode, ``p`` its page, the game's
phase); ``now`` the top screen after it. Then ``@@ gc_us`` the time of a
full collection at the end (the pause one costs with this live heap) and
``@@ gc_frames`` how many frames had one.
"""

import gc
import sys

import devbench


def state(app):
    """The state a frame starts from, as a short string."""
    if app is None:
        return "(no app)"
    top = app.stack[-1]
    out = type(top).__name__
    play = app.stack[1] if len(app.stack) > 1 else None
    if play is not None and hasattr(play, "table"):
        t = play.table
        g = getattr(play, "game", None)
        out += "/%s%s%s%s m%d p%d %s" % (
            "s" if getattr(play, "starting", 0) else "",
            "e" if getattr(play, "ending", None) is not None else "",
            "q%d" % len(play.queue) if getattr(play, "queue", None) else "",
            "w" if getattr(play, "wait", 0) > 0 else "",
            t.mode,
            t.page,
            g.phase if g is not None else "-",
        )
    return out


class ProfileRig(devbench.Rig):
    def __init__(self, board, root, limit_us):
        devbench.Rig.__init__(self, board, root)
        self.limit_us = limit_us
        self.draw_us = self.show_us = self.leds_us = 0
        self.fell = False
        self.alloc = 0
        self.mods = len(sys.modules)
        self.names = set(sys.modules)
        self.was = ""
        self.app = None
        self.gc_frames = 0
        show = self.display.show
        write = self.leds.write

        def timed_show():
            t = devbench.now_us()
            show()
            self.show_us += devbench.since(t)

        def timed_write(buf):
            t = devbench.now_us()
            write(buf)
            self.leds_us += devbench.since(t)

        self.display.show = timed_show
        self.leds.write = timed_write

    def _watch(self, app):
        # the app's _draw timed (an instance attribute over the method)
        self.app = app
        draw = app._draw

        def timed_draw():
            self._sample()
            t = devbench.now_us()
            r = draw()
            self.draw_us += devbench.since(t)
            self._sample()
            return r

        app._draw = timed_draw

    def _sample(self):
        a = gc.mem_alloc()
        if a < self.alloc:
            self.fell = True
        self.alloc = a

    def read(self):
        app = self.device.app if self.device is not None else None
        if app is not None and app is not self.app:
            self._watch(app)
        self.was = state(app)
        self.draw_us = self.show_us = self.leds_us = 0
        self.fell = False
        self.alloc = gc.mem_alloc()
        return devbench.Rig.read(self)

    def feed(self):
        t = self.t
        if t is None:
            return
        us = devbench.since(t)
        self._sample()
        devbench.Rig.feed(self)
        if self.fell:
            self.gc_frames += 1
        n = len(sys.modules)
        mods = ""
        if n != self.mods:
            now = set(sys.modules)
            mods = " ".join("+" + m for m in now if m not in self.names)
            self.names = now
            self.mods = n
        if us > self.limit_us:
            draw = self.draw_us
            print(
                "@@ pf %d upd=%d draw=%d show=%d leds=%d gc=%d was=%s now=%s %s"
                % (
                    us,
                    us - draw - self.leds_us,
                    draw,
                    self.show_us,
                    self.leds_us,
                    1 if self.fell else 0,
                    self.was,
                    state(self.device.app),
                    mods,
                )
            )


def section_profile(order=0, limit_ms=50):
    import devorders

    from firmware import main as device

    board, root = devbench.board_and_root()
    rig = ProfileRig(board, root, limit_ms * 1000)
    rig.t_start = devbench.now_us()
    rig.device = device
    devbench.out("order", devorders.ORDERS[order])

    def on_menu(k):
        pass

    rig.player = devorders.script(order, device, rig, 1, on_menu, 1 if order == 0 else 0)
    try:
        device.run(rig, board)
    except SystemExit:
        pass
    devbench.out("frames", rig.frames)
    devbench.out("frames_over_100ms", rig.over100)
    devbench.out("gc_frames", rig.gc_frames)
    gc.collect()
    t = devbench.now_us()
    gc.collect()
    devbench.out("gc_us", devbench.since(t))
    devbench.out("gc_at_alloc", gc.mem_alloc())
