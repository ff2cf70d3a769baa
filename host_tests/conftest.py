"""pytest settings for the whole suite (CPython only).

After collection every object alive (pytest, the test modules and what they
imported) is moved out of the garbage collector's sight with ``gc.freeze()``:
the app calls ``gc.collect()`` as the device does, and with the whole suite
loaded each full collection took ~30 ms, most of the quick run's time in the
power-cut tests. Objects the tests make are still collected as usual.
"""

import gc


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()
