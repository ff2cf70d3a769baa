"""Reading and writing the settings record (firmware/store/settings.py's
``Settings.load`` and ``save``), kept apart so that its code is not in a
Pico's heap between them: ``Settings._io`` loads this module for one step
and forgets it after. It reads the fields off the ``Settings`` it is given
(``FIELDS``). Imports nothing.
"""


def load(s):
    """``s.load()``: the stored settings into ``s``; defaults for anything
    missing or bad, ``s.problem`` saying in words what was wrong."""
    s.defaults()
    if s.store is None:
        return
    try:
        payload, version, s.problem = s.store.load(_check(s))
    except Exception as e:  # a storage that cannot even be read
        s.problem = "settings unreadable: %s" % e
        return
    if payload is None:
        return
    for i in range(min(len(payload), len(s.FIELDS))):
        s.index[i] = payload[i]
    s._apply()


def _check(s):
    # RecordStore.load's check: a choice no field has refuses the record
    def check(payload, version):
        if not payload:
            return "it holds no setting"
        for i in range(min(len(payload), len(s.FIELDS))):
            if payload[i] >= len(s.FIELDS[i][2]):
                return "%s has no choice %d" % (s.FIELDS[i][1], payload[i])
        return None

    return check


def save(s):
    """``s.save()``: False (and ``s.problem`` set) when storage failed."""
    if s.store is None:
        return True
    try:
        s.store.save(bytes(s.index))
        return True
    except OSError as e:
        s.problem = "settings not saved: %s" % e
        return False
