"""The prelude of the CircuitPython end-to-end boot check (host_tests/test_emu_cp.py,
``tools/bench/cp_device.py``'s ``boot_check``): put in front of the ``code.py`` that
``tools/deploy.py --target cp`` installed, it runs that code.py on the
emulated Pico unchanged, with two modules replaced in ``sys.modules`` before
the app imports them:

  keypad          scripted keys: ``STEPS`` is a list of (frames, key names
                  held); each ``events.get_into`` call (one a frame) moves on
                  one frame; after the last step it prints what the app drew
                  and raises SystemExit(0) (the app's loop lets it through)
  neopixel_write  counts the LED frames instead of sending them (the
                  emulator's strip output is far too slow)

``firmware.ui.canvas.Canvas.text`` is wrapped to record every string drawn. At
the end it prints ``CHECK text ...`` (the strings of the last redraws, one
line each), ``CHECK buf <hex>`` (the frame buffer, to compare with the
emulated panel), ``CHECK leds N``, ``CHECK crashes N``, ``CHECK display
<class>`` and ``CHECK storage <class>``. CircuitPython only (it also runs under
CPython with the fakes).
"""

import sys

STEPS = [(40, ()), (3, ("a",)), (120, ()), (3, ("a",)), (60, ())]


class _Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed


class _Queue:
    def __init__(self, keys):
        self._keys = keys
        self.overflowed = False

    def clear(self):
        pass

    def get_into(self, event):
        return self._keys.step(event)


class _Keys:
    def __init__(self, pins, value_when_pressed=False, pull=True, **kw):
        import microcontroller

        from firmware import boot

        board = boot.load_board(boot.board_name())
        gpios = board.BUTTONS
        self.index = {}  # key name -> key number, as the backend ordered the pins
        for name in gpios:
            pin = getattr(microcontroller.pin, "GPIO%d" % gpios[name])
            for i in range(len(pins)):
                if pins[i] is pin:
                    self.index[name] = i
        self.events = _Queue(self)
        self.frame = 0
        self.held = ()
        self.pending = []
        self.steps = [s for s in STEPS]
        self.left = 0
        self.polled = -1

    def reset(self):
        pass

    def _advance(self):
        # one call of get_into that finds nothing is one frame
        if self.left <= 0:
            if not self.steps:
                _finish()
            n, keys = self.steps.pop(0)
            self.left = n
            want = tuple(self.index[k] for k in keys)
            for k in self.held:
                if k not in want:
                    self.pending.append((k, False))
            for k in want:
                if k not in self.held:
                    self.pending.append((k, True))
            self.held = want
        self.left -= 1

    def step(self, event):
        if self.pending:
            k, pressed = self.pending.pop(0)
            event.key_number = k
            event.pressed = pressed
            return True
        self._advance()
        if self.pending:
            return self.step(event)
        return False


class _Keypad:
    Keys = _Keys
    Event = _Event


class _Neopixel:
    frames = 0

    @staticmethod
    def neopixel_write(pin, buf):
        _Neopixel.frames += 1


sys.modules["keypad"] = _Keypad
sys.modules["neopixel_write"] = _Neopixel

_SEEN = []


def _record():
    from firmware.ui import canvas

    plain = canvas.Canvas.text

    def text(self, s, x, y, c=1, dim=False):
        _SEEN.append(s if isinstance(s, str) else "".join([chr(b) for b in s]))
        if len(_SEEN) > 60:
            _SEEN.pop(0)
        return plain(self, s, x, y, c, dim)

    canvas.Canvas.text = text


def _finish():
    from firmware import main

    app = main.app
    for s in _SEEN:
        print("CHECK text " + s)
    if app is not None:
        buf = app.hw.display.buf
        # in pieces: one 2 KB string would need 2 KB of the game's heap
        sys.stdout.write("CHECK buf ")
        for i in range(0, len(buf), 32):
            sys.stdout.write("".join(["%02x" % b for b in buf[i : i + 32]]))
        print()
        print("CHECK storage " + type(app.hw.storage).__name__)
        print("CHECK display " + type(app.hw.display).__name__)
        print("CHECK errors %d" % app.errors)
    print("CHECK leds %d" % _Neopixel.frames)
    print("CHECK crashes %d" % main.crashes)
    raise SystemExit(0)


_record()
# ---- the deployed code.py follows ----
