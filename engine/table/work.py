"""A side's work queue (engine.table.peer's base): ``inbox`` holds what is
to be done, in order (the messages taken, the decisions' aftermath), each
turned into a generator by the side's ``_handle(item)`` that yields the
cost of each step (engine.table.deal counts it: one 256-bit exponentiation
is 1,024). ``work()`` does at most ``step`` of it a call, or all of it
when ``step`` is 0; with nothing due (nor done in this call) it gives the
side's ``_idle()`` its turn. ``busy()`` is True while anything is due. Imports nothing.
"""


class Worker:
    def __init__(self):
        self.step = 0  # the most work one ``work()`` does; 0: all
        self.inbox = []  # what is due, in order
        self.job = None  # the work in progress (a generator)

    def busy(self):
        """True while work is due (the game waits for it)."""
        return self.job is not None or len(self.inbox) > 0

    def work(self):
        """Does the work due, in order, at most ``step`` of it (0: all of
        it); True when any was done."""
        spent = 0
        did = False
        while True:
            if self.job is None:
                if not self.inbox:  # the side's idle work only in a call of its own
                    return did or self._idle()
                self.job = self._handle(self.inbox.pop(0))
            did = True
            try:
                spent += next(self.job)
            except StopIteration:
                self.job = None
                continue
            if self.step and spent >= self.step:
                return did

    def _idle(self):
        return False

    def _handle(self, item):
        raise NotImplementedError
