"""Fake of CircuitPython's ``keypad`` (tests only): ``Keys`` with an event
queue a test fills through ``press(key)`` / ``release(key)``, a bounded queue
that sets ``overflowed`` like the real one, and ``reset()`` reporting the keys
still held as new presses."""


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class EventQueue:
    def __init__(self, max_events):
        self.max_events = max_events
        self._queue = []
        self.overflowed = False

    def get_into(self, event):
        if not self._queue:
            return False
        key, pressed = self._queue.pop(0)
        event.key_number = key
        event.pressed = pressed
        event.released = not pressed
        return True

    def clear(self):
        del self._queue[:]
        self.overflowed = False

    def __len__(self):
        return len(self._queue)

    def _put(self, key, pressed):
        if len(self._queue) >= self.max_events:
            self.overflowed = True
            return
        self._queue.append((key, pressed))


class Keys:
    made = []

    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64):
        self.pins = tuple(pins)
        self.value_when_pressed = value_when_pressed
        self.pull = pull
        self.events = EventQueue(max_events)
        self.held = set()
        Keys.made.append(self)

    @property
    def key_count(self):
        return len(self.pins)

    def press(self, key):
        if key not in self.held:
            self.held.add(key)
            self.events._put(key, True)

    def release(self, key):
        if key in self.held:
            self.held.discard(key)
            self.events._put(key, False)

    def reset(self):
        for key in sorted(self.held):
            self.events._put(key, True)
